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
        do {
            try PrivateFiles.makeMissingDirectories(PathText.parent(of: path))
        } catch {
            throw .system(SystemCallError("create \(error.path)", errno: error.failure.errno), path: path)
        }
        for file in [path, path + "-wal", path + "-shm"] where PrivateFiles.isSymbolicLink(file) {
            throw StoreError(.cannotOpen, path: path, cause: "\(file) is a symbolic link; give the path of the file itself")
        }
        do throws(SystemCallError) {
            try makePrivate(path, creating: true)
            for companion in [path + "-wal", path + "-shm"] {
                try makePrivate(companion, creating: false)
            }
        } catch {
            throw .system(error, path: path)
        }
    }

    /// Makes the file at `path` 0600, never through a symbolic link; creates it when `creating`, else
    /// leaves a missing file missing.
    private static func makePrivate(_ path: String, creating: Bool) throws(SystemCallError) {
        let descriptor: Int32
        do {
            descriptor = try SystemCall.check("open") {
                open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | (creating ? O_CREAT : 0), 0o600)
            }
        } catch  where !creating && error.errno == ENOENT {
            return
        }
        // Nothing is written through the descriptor: a failing close loses nothing.
        defer { _ = close(descriptor) }
        try SystemCall.check("fchmod") { fchmod(descriptor, 0o600) }
    }
}
