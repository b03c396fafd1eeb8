import Glibc
import NewsCore

/// Keeps the cache private to its owner: directories the store creates are 0700, and the database with
/// its `-wal` and `-shm` files is 0600 (SQLite creates the latter two with the database file's mode).
enum PrivateFiles {
    /// Creates the missing directories above `path` (0700) and the database file (0600), and makes an
    /// existing database file and its companions 0600. Existing directories are left as they are.
    /// A symbolic link at `path` (or at its `-wal` or `-shm`) is refused: nothing is created, opened or
    /// changed through it.
    static func prepareDatabase(at path: String) throws(StoreError) {
        try makeMissingDirectories(above: path)
        for file in [path, path + "-wal", path + "-shm"] where isSymbolicLink(file) {
            throw StoreError(.cannotOpen, path: path, cause: "\(file) is a symbolic link; give the path of the file itself")
        }
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .system(errno, path: path, doing: "open")
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
        for companion in [path + "-wal", path + "-shm"] {
            let descriptor = open(companion, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            if descriptor >= 0 {
                fchmod(descriptor, 0o600)
                close(descriptor)
            }
        }
    }

    /// Whether `path` is a regular file (not a link, directory or device).
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    static func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    private static func makeMissingDirectories(above path: String) throws(StoreError) {
        var missing: [String] = []
        var directory = PathText.parent(of: path)
        while !directory.isEmpty, directory != "/", access(directory, F_OK) != 0 {
            missing.append(directory)
            directory = PathText.parent(of: directory)
        }
        for directory in missing.reversed() {
            guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
                throw .system(errno, path: path, doing: "create \(directory)")
            }
            chmod(directory, 0o700)
        }
    }
}
