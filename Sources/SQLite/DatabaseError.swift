import CSQLite

/// A failure reported by SQLite: its primary result code and its message.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_BUSY` for every kind of busy).
    public let resultCode: ResultCode
    public let message: String?
    /// The statement that failed, when there was one.
    public let sql: String?
    /// The errno of the system call that failed below an I/O error (`SQLITE_IOERR`, `SQLITE_CANTOPEN`):
    /// ENOSPC when the `-shm` or `-wal` could not grow on a full disk, say; 0 when none did.
    public let systemErrno: Int32

    init(code: Int32, message: String?, sql: String? = nil, systemErrno: Int32 = 0) {
        resultCode = ResultCode(rawValue: code & 0xFF)
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    /// A value the cache should not hold (of another kind than its column's, or out of its range): a
    /// damaged cache, as SQLite says of pages it cannot read.
    public static func damaged(_ message: String) -> DatabaseError {
        DatabaseError(code: CSQLite.SQLITE_CORRUPT, message: message)
    }

    /// The error SQLite reports for `connection` after `code`.

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(
            code: code, message: message ?? String(cString: sqlite3_errstr(code)), sql: sql,
            systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0)
    }

    public var description: String {
        "SQLite error \(resultCode.rawValue): \(message ?? "unknown")" + (sql.map { " (\($0))" } ?? "")
    }
}

/// A primary SQLite result code; the constants are the ones callers tell apart, named after SQLite's.
public struct ResultCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `SQLITE_PERM`.
    public static let permission = ResultCode(rawValue: CSQLite.SQLITE_PERM)
    /// `SQLITE_BUSY`.
    public static let busy = ResultCode(rawValue: CSQLite.SQLITE_BUSY)
    /// `SQLITE_LOCKED`.
    public static let locked = ResultCode(rawValue: CSQLite.SQLITE_LOCKED)
    /// `SQLITE_READONLY`.
    public static let readOnly = ResultCode(rawValue: CSQLite.SQLITE_READONLY)
    /// `SQLITE_CORRUPT`.
    public static let corrupt = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
    /// `SQLITE_FULL`.
    public static let full = ResultCode(rawValue: CSQLite.SQLITE_FULL)
    /// `SQLITE_CANTOPEN`.
    public static let cannotOpen = ResultCode(rawValue: CSQLite.SQLITE_CANTOPEN)
    /// `SQLITE_NOTADB`.
    public static let notADatabase = ResultCode(rawValue: CSQLite.SQLITE_NOTADB)
}
