import FoundationEssentials
#if canImport(Glibc)
import Glibc
import NewsCore
#endif

/// Creating the program's directories and files so that only their owner can read them:
/// directories 0700, files 0600.
public enum PrivateFiles {
    /// Creates `directory` and any missing parents, each 0700; makes `directory` itself 0700 when it existed
    /// as a directory. A symbolic link there is followed for use but never chmod-ed: the mode of what it
    /// points to is its owner's business.
    public static func makeDirectory(_ directory: URL) throws(PrivateFileError) {
        var missing: [String] = []
        var path = directory.standardizedFileURL.path
        while !path.isEmpty, path != "/", !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            path = PathText.parent(of: path)
        }
        for path in missing.reversed() {
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw .cannotCreate(path, reason: String(cString: strerror(errno)))
            }
        }
        var status = stat()
        if lstat(directory.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { return }
        guard chmod(directory.path, 0o700) == 0 else {
            throw .cannotCreate(directory.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Whether users other than the owner (the group or everyone) may read `file`.
    public static func isReadableByOthers(_ file: URL) -> Bool {
        var information = stat()
        guard stat(file.path, &information) == 0 else { return false }
        return information.st_mode & (S_IRGRP | S_IROTH) != 0
    }

    /// The permission bits of `file` (e.g. `0o600`), nil when it does not exist.
    public static func permissions(of file: URL) -> UInt16? {
        var information = stat()
        guard stat(file.path, &information) == 0 else { return nil }
        return UInt16(information.st_mode & 0o7777)
    }
}

/// A directory or file the program could not create.
public enum PrivateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotCreate(String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason): return "Cannot create \(path): \(reason)."
        }
    }
}
