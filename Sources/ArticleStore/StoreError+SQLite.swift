import Glibc
import NewsCore
import SQLite

extension StoreError {
    /// The kind of failure SQLite reported, with its words as the cause.
    init(_ error: DatabaseError, path: String?) {
        var code: Code
        switch error.resultCode {
        case .busy, .locked: code = .busy
        case .full: code = .diskFull
        case .readOnly, .permission: code = .readOnly
        case .corrupt, .notADatabase: code = .corrupt
        case .cannotOpen: code = .cannotOpen
        default: code = .failed
        }
        // An I/O error (or an open) that failed for want of space is a full disk: the `-shm` of a cache on a
        // full disk cannot be made or grown, and SQLite says "disk I/O error".
        if code == .failed || code == .cannotOpen, error.systemErrno == ENOSPC || error.systemErrno == EDQUOT { code = .diskFull }
        self.init(code, path: path, cause: error.message ?? "SQLite error \(error.resultCode.rawValue)")
    }

    /// Any error of the store's work as a `StoreError`: its own, SQLite's, or another (a bug, described).
    init(_ error: any Error, path: String?) {
        switch error {
        case let error as StoreError: self = error
        case let error as DatabaseError: self.init(error, path: path)
        default: self.init(.failed, path: path, cause: String(describing: error))
        }
    }

    /// A folder of the cache's path that could not be made.
    public static func cannotCreate(_ error: PrivateFileError, path: String) -> StoreError {
        .system(SystemCallError("create \(error.path)", errno: error.failure.errno), path: path)
    }

    /// A failed system call on the cache's files.
    static func system(_ failure: SystemCallError, path: String) -> StoreError {
        let code: Code
        switch failure.errno {
        case ENOSPC, EDQUOT: code = .diskFull
        case EROFS, EACCES, EPERM: code = .readOnly
        default: code = .cannotOpen
        }
        return StoreError(code, path: path, cause: failure.description)
    }
}
