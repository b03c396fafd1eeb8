import FoundationEssentials
import Glibc
import NewsCore

/// The pictures fetched for articles, kept as files for offline reading: the encoded bytes as they came
/// (never a rendering), one file per address in `directory` (0700, files 0600), at most `capacity` bytes
/// in all. Reading a picture marks it shown (its modification time); storing one past the capacity
/// removes the pictures shown longest ago first. Every call is a few file operations with no state in
/// memory, so processes sharing the directory see each other's pictures; a file is written under a
/// temporary name and renamed, so a reader never sees half of one.
public struct PhotoCache: Sendable {
    /// The directory of the files.
    public let directory: String
    /// The most bytes kept; 0 keeps nothing.
    public let capacity: Int

    /// The largest file read back (the most a picture may be fetched at).
    static let maximumFileSize = 16 << 20

    public init(directory: String, capacity: Int) {
        self.directory = directory
        self.capacity = max(0, capacity)
    }

    /// The bytes kept for `address`, marked shown now; nil when none are.
    public func bytes(for address: String) -> [UInt8]? {
        let path = self.path(for: address)
        // Not blocking: a pipe put at the path would otherwise hold the open until something writes to it.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var information = stat()
        guard fstat(descriptor, &information) == 0, information.st_mode & S_IFMT == S_IFREG,
            information.st_size > 0, information.st_size <= Self.maximumFileSize
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(information.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        // Marks it shown: the least recently shown go first. A failure only makes it older than it is.
        _ = futimens(descriptor, nil)
        return bytes
    }

    /// Whether a picture is kept for `address` (without marking it shown).
    public func contains(_ address: String) -> Bool {
        access(path(for: address), F_OK) == 0
    }

    /// Keeps `bytes` for `address`, then removes the pictures shown longest ago while more than `capacity`
    /// bytes are kept. Bytes larger than the capacity are not kept.
    public func store(_ bytes: [UInt8], for address: String) throws(SystemCallError) {
        guard !bytes.isEmpty, bytes.count <= capacity else { return }
        do {
            try PrivateFiles.makeDirectory(directory)
        } catch {
            throw error.failure
        }
        let final = path(for: address)
        let temporary = "\(directory)/.\(Self.fileName(for: address)).\(getpid()).tmp"
        let descriptor = try SystemCall.retryingOnInterrupt("open \(temporary)") {
            open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        var failure: SystemCallError?
        do {
            try SystemCall.writeAll(bytes, to: descriptor)
        } catch {
            failure = error
        }
        // Closed once, whatever the write did: closed again, its number may be another thread's file by then.
        if close(descriptor) != 0, failure == nil { failure = SystemCallError("close \(temporary)", errno: errno) }
        if failure == nil, rename(temporary, final) != 0 { failure = SystemCallError("rename \(temporary)", errno: errno) }
        if let failure {
            _ = unlink(temporary)
            throw failure
        }
        trim(keeping: final)
    }

    /// The bytes kept now, over every file.
    public var size: Int {
        files().reduce(0) { $0 + $1.size }
    }

    /// Removes the pictures shown longest ago until at most `capacity` bytes are kept; the file at
    /// `keeping` (just stored) goes last.
    func trim(keeping: String? = nil) {
        var files = files()
        var total = files.reduce(0) { $0 + $1.size }
        guard total > capacity else { return }
        files.sort { ($0.path == keeping ? 1 : 0, $0.shown) < ($1.path == keeping ? 1 : 0, $1.shown) }
        for file in files where total > capacity {
            // Removed meanwhile by another process: counted as gone all the same.
            _ = unlink(file.path)
            total -= file.size
        }
    }

    /// The pictures kept: path, size and when last shown (nanoseconds). Temporary files (a leading dot)
    /// are not pictures; one an hour old was left by a process that died, and is removed.
    private func files() -> [(path: String, size: Int, shown: Int)] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var files: [(path: String, size: Int, shown: Int)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let path = "\(directory)/\(name)"
            var information = stat()
            guard lstat(path, &information) == 0, information.st_mode & S_IFMT == S_IFREG else { continue }
            if name.hasPrefix(".") {
                if Int(information.st_mtim.tv_sec) < time(nil) - 3_600 { _ = unlink(path) }
                continue
            }
            files.append(
                (path, Int(information.st_size), Int(information.st_mtim.tv_sec) * 1_000_000_000 + Int(information.st_mtim.tv_nsec)))
        }
        return files
    }

    private func path(for address: String) -> String {
        "\(directory)/\(Self.fileName(for: address))"
    }

    /// A file name for `address`: its 64-bit FNV-1a hash in hex, then the extension of its last path
    /// component when it has a short alphanumeric one (`3f9c…e1.jpg`).
    static func fileName(for address: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in address.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let name = String(repeating: "0", count: 16 - hex.count) + hex
        let last = address.split(separator: "?").first?.split(separator: "/").last ?? ""
        guard let dot = last.lastIndex(of: "."), case let suffix = last[last.index(after: dot)...],
            (1...4).contains(suffix.count), suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return name }
        return name + "." + suffix.lowercased()
    }
}
