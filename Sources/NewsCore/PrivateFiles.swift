import Glibc

/// Creating the program's directories so that only their owner can read them (0700), and looking at the
/// modes and kinds of its files.
public enum PrivateFiles {
    /// Creates `directory` and its missing parents, each 0700 whatever the umask. Directories that exist
    /// are left as they are.
    public static func makeMissingDirectories(_ directory: String) throws(PrivateFileError) {
        var missing: [String] = []
        var path = directory
        // What cannot be looked at (EACCES) counts as missing: mkdir then says why it cannot be made.
        while !path.isEmpty, path != "/", access(path, F_OK) != 0 {
            missing.append(path)
            path = PathText.parent(of: path)
        }
        for path in missing.reversed() {
            do {
                try SystemCall.check("mkdir") { mkdir(path, 0o700) }
            } catch let error where error.errno == EEXIST {
                continue  // made by another process in the meantime: left as it is
            } catch {
                throw PrivateFileError(path: path, failure: error)
            }
            try makePrivate(path)
        }
    }

    /// Creates `directory` and its missing parents (each 0700), and makes `directory` itself 0700 when it
    /// existed. A symbolic link there is followed for use but never chmod-ed: the mode of what it points to
    /// is its owner's business.
    public static func makeDirectory(_ directory: String) throws(PrivateFileError) {
        try makeMissingDirectories(directory)
        guard !isSymbolicLink(directory) else { return }
        try makePrivate(directory)
    }

    /// Makes the directory at `path` 0700 (mkdir's mode passes through the umask, which may take bits away).
    private static func makePrivate(_ path: String) throws(PrivateFileError) {
        do {
            try SystemCall.check("chmod") { chmod(path, 0o700) }
        } catch {
            throw PrivateFileError(path: path, failure: error)
        }
    }

    /// Whether users other than the owner (the group or everyone) may read `file`; false when it cannot
    /// be looked at.
    public static func isReadableByOthers(_ file: String) -> Bool {
        guard let mode = permissions(of: file) else { return false }
        return mode_t(mode) & (S_IRGRP | S_IROTH) != 0
    }

    /// The permission bits of `file` (e.g. `0o600`), following a symbolic link; nil when it cannot be
    /// looked at (it does not exist, say).
    public static func permissions(of file: String) -> UInt16? {
        var information = stat()
        guard stat(file, &information) == 0 else { return nil }
        return UInt16(information.st_mode & 0o7777)
    }

    /// Whether `path` is a regular file itself (not a link, directory or device).
    public static func isRegularFile(_ path: String) -> Bool {
        kind(of: path) == S_IFREG
    }

    /// Whether `path` is a symbolic link.
    public static func isSymbolicLink(_ path: String) -> Bool {
        kind(of: path) == S_IFLNK
    }

    /// What `path` is when it is there but is no regular file (`a folder`, `a device`, `a pipe`, `a socket`,
    /// `a symbolic link`); nil for a regular file or nothing there.
    public static func otherKind(of path: String) -> String? {
        switch kind(of: path) {
        case nil, S_IFREG?: return nil
        case S_IFDIR?: return "a folder"
        case S_IFCHR?, S_IFBLK?: return "a device"
        case S_IFIFO?: return "a pipe"
        case S_IFSOCK?: return "a socket"
        case S_IFLNK?: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// The file type bits of `path` itself (`S_IFREG`, `S_IFLNK`…), nil when it cannot be looked at.
    private static func kind(of path: String) -> mode_t? {
        var information = stat()
        guard lstat(path, &information) == 0 else { return nil }
        return information.st_mode & S_IFMT
    }
}

/// A directory the program could not create or make private.
public struct PrivateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory at fault.
    public let path: String
    /// The call that failed on it.
    public let failure: SystemCallError

    public init(path: String, failure: SystemCallError) {
        self.path = path
        self.failure = failure
    }

    /// `Cannot create /home/ann/.cache: Permission denied.`
    public var description: String { "Cannot create \(path): \(failure.reason)." }
}
