import Glibc
import NewsCore

/// Keeps the cache private to its owner: directories the store creates are 0700, and the database with
/// its `-wal` and `-shm` files is 0600 (SQLite creates the latter two with the database file's mode).
enum DatabaseFiles {
    /// Creates the missing directories above `path` (0700) and the database file (0600), and makes an
    /// existing database file and its companions 0600. Existing directories are left as they are.
    /// A symbolic link at `path` (or at its `-wal` or `-shm`) is refused: nothing is created, opened or
    /// changed through it.
    static func prepare(at path: String) throws(StoreError) {
        if let length = absoluteLength(of: path), length > longestPath {
            throw StoreError(
                .cannotOpen, path: path,
                cause: "the path is \(length) bytes long; SQLite takes at most \(longestPath) (a shorter --db path)")
        }
        do {
            try PrivateFiles.makeMissingDirectories(PathText.parent(of: path))
        } catch {
            throw .cannotCreate(error, path: path)
        }
        for file in [path, path + "-wal", path + "-shm"] where PrivateFiles.isSymbolicLink(file) {
            throw StoreError(.cannotOpen, path: path, cause: "\(file) is a symbolic link; give the path of the file itself")
        }
        // A device, a folder or a pipe is never opened, let alone made 0600 (`--db /dev/null` run by root).
        for file in [path, path + "-wal", path + "-shm"] {
            if let kind = PrivateFiles.otherKind(of: file) {
                throw StoreError(.cannotOpen, path: path, cause: "\(file) is \(kind), not a cache file")
            }
        }
        try refuseOtherContent(at: path)
        do throws(SystemCallError) {
            try makePrivate(path, creating: true)
            for companion in [path + "-wal", path + "-shm"] {
                try makePrivate(companion, creating: false)
            }
        } catch {
            throw .system(error, path: path)
        }
    }

    /// The longest path of a cache SQLite opens: its Unix files take paths of up to 512 bytes, and it
    /// keeps room for the longest name it gives a companion file (`-journal`).
    static let longestPath = 504

    /// The length in bytes of `path` made absolute, with its `.` and `..` taken out, as SQLite makes it
    /// (nil when the current folder cannot be read: opening says why).
    private static func absoluteLength(of path: String) -> Int? {
        var full = path
        if !path.hasPrefix("/") {
            guard let folder = getcwd(nil, 0) else { return nil }
            defer { free(folder) }
            full = String(cString: folder) + "/" + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return parts.reduce(0) { $0 + 1 + $1.utf8.count }
    }

    /// The first bytes of every SQLite database file.
    static let header = Array("SQLite format 3\0".utf8)

    /// Throws when the file at `path` holds bytes and is no SQLite database: it is left as it was (its mode
    /// too), not made private on the way to being refused.
    private static func refuseOtherContent(at path: String) throws(StoreError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return }  // missing, or unreadable: opening it says why
        // Only read: a failing close loses nothing.
        defer { _ = close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, count < header.count || bytes != header else { return }
        throw StoreError(.corrupt, path: path, cause: "file is not a database")
    }

    /// Makes the file at `path` 0600, never through a symbolic link; creates it when `creating`, else
    /// leaves a missing file missing. A companion is opened only to read: SQLite gives the `-shm` a read of a
    /// 0400 cache makes the mode 0400, and its owner may change the mode of what it cannot write.
    private static func makePrivate(_ path: String, creating: Bool) throws(SystemCallError) {
        let descriptor: Int32
        do {
            descriptor = try SystemCall.check("open") {
                open(path, (creating ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
            }
        } catch  where !creating && error.errno == ENOENT {
            return
        }
        // Nothing is written through the descriptor: a failing close loses nothing.
        defer { _ = close(descriptor) }
        var information = stat()
        try SystemCall.check("fstat") { fstat(descriptor, &information) }
        // Put there since it was looked at: still never changed.
        guard information.st_mode & S_IFMT == S_IFREG else { throw SystemCallError("open", errno: EINVAL) }
        try SystemCall.check("fchmod") { fchmod(descriptor, 0o600) }
    }
}
