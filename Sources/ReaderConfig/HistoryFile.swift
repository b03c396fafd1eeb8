import FoundationEssentials
import NewsCore

#if canImport(Glibc)
    import Glibc
#endif

/// The reader's prompt history on disk: one entry a line, `name<TAB>text`, oldest first, private to its
/// owner (0600 in a 0700 directory). Read through no symbolic link and only from a regular file of at most
/// `maximumSize` bytes; written whole to a new file that then takes the old one's place, so a crash leaves
/// the old history or the new. A file that cannot be read is an empty history; one that cannot be written
/// is left as it was (the history is a convenience, never a reason to stop).
public struct HistoryFile: Sendable {
    public let url: URL
    /// The most bytes read.
    public static let maximumSize = 256 * 1024

    public init(url: URL) {
        self.url = url
    }

    /// The entries by prompt name, oldest first.
    public func read() -> [String: [String]] {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return [:] }
        defer { _ = close(descriptor) }
        var information = stat()
        guard fstat(descriptor, &information) == 0, information.st_mode & S_IFMT == S_IFREG else { return [:] }
        var bytes = [UInt8](repeating: 0, count: Self.maximumSize)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        var entries: [String: [String]] = [:]
        for line in String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            entries[String(line[..<tab]), default: []].append(String(line[line.index(after: tab)...]))
        }
        return entries
    }

    /// Writes `entries` (prompt name → entries, oldest first) in place of the file's; line breaks and tabs
    /// in an entry become spaces.
    public func write(_ entries: [String: [String]]) {
        let text = entries.sorted { $0.key < $1.key }.flatMap { name, list in
            list.map { name + "\t" + $0.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 } + "\n" }
        }.joined()
        let directory = url.deletingLastPathComponent().standardizedFileURL.path
        let partial = url.path + ".new"
        guard (try? PrivateFiles.makeDirectory(directory)) != nil else { return }
        _ = unlink(partial)
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        let written = (try? SystemCall.writeAll(Array(text.utf8), to: descriptor)) != nil
        let closed = close(descriptor) == 0
        guard written, closed, rename(partial, url.path) == 0 else {
            _ = unlink(partial)
            return
        }
    }
}
