import CSQLite

/// A failure reported by SQLite: its primary result code and its message.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_BUSY` for every kind of busy).
    public let resultCode: ResultCode
    public let message: String?
    /// The statement that failed, when there was one.
    public let sql: String?

    init(code: Int32, message: String?, sql: String? = nil) {
        resultCode = ResultCode(rawValue: code & 0xFF)
        self.message = message
        self.sql = sql
    }

    /// The error SQLite reports for `connection` after `code`.
    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        self.init(code: code, message: message ?? String(cString: sqlite3_errstr(code)), sql: sql)
    }

    public var description: String {
        "SQLite error \(resultCode.rawValue): \(message ?? "unknown")" + (sql.map { " (\($0))" } ?? "")
    }
}

/// A primary SQLite result code: the ones callers tell apart.
public struct ResultCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let SQLITE_PERM = ResultCode(rawValue: CSQLite.SQLITE_PERM)
    public static let SQLITE_BUSY = ResultCode(rawValue: CSQLite.SQLITE_BUSY)
    public static let SQLITE_LOCKED = ResultCode(rawValue: CSQLite.SQLITE_LOCKED)
    public static let SQLITE_READONLY = ResultCode(rawValue: CSQLite.SQLITE_READONLY)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: CSQLite.SQLITE_CORRUPT)
    public static let SQLITE_FULL = ResultCode(rawValue: CSQLite.SQLITE_FULL)
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: CSQLite.SQLITE_CANTOPEN)
    public static let SQLITE_NOTADB = ResultCode(rawValue: CSQLite.SQLITE_NOTADB)
}
