import CSQLite

/// One SQLite connection. Not safe to share between threads by itself: `DatabaseQueue` and
/// `DatabasePool` hand it out to one caller at a time.
public final class Database {
    let connection: Connection
    var handle: OpaquePointer { connection.handle }
    private var statements: [String: Statement] = [:]

    /// Opens `path` (a file name, `:memory:`, or a `file:` URI).
    init(path: String, configuration: Configuration) throws {
        _ = Self.configureLibrary
        var flags = SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        flags |= configuration.readonly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        connection = Connection(handle)
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Int32((configuration.busyTimeout * 1000).rounded()))
        if configuration.foreignKeysEnabled {
            try execute(sql: "PRAGMA foreign_keys = ON")
        }
        try configuration.prepareConnection?(self)
    }

    /// SQLite's process-wide settings, made once before the first connection opens.
    private static let configureLibrary: Void = {
        _ = nyt_sqlite3_disable_memory_statistics()
    }()

    /// The connection's SQLite handle, for C code that extends it (SQL functions).
    public var sqliteConnection: OpaquePointer { handle }

    /// Runs `sql`, one or more statements; `arguments` are bound to their parameters in order.
    public func execute(sql: String, arguments: StatementArguments = []) throws {
        var remaining = arguments.values[...]
        var utf8 = Array(sql.utf8CString)
        try utf8.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafePointer<CChar>? = UnsafePointer(buffer.baseAddress)
            while let start = cursor, start.pointee != 0 {
                var handle: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(self.handle, start, -1, &handle, &tail)
                guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: self.handle, sql: sql) }
                cursor = tail
                guard let handle else { continue }  // only white space or a comment was left
                let statement = Statement(handle: handle, connection: connection, sql: sql)
                let count = statement.parameterCount
                guard remaining.count >= count else {
                    throw DatabaseError(code: SQLITE_MISUSE, message: "too few arguments", sql: sql)
                }
                try statement.execute(arguments: StatementArguments(remaining.prefix(count)))
                remaining = remaining.dropFirst(count)
            }
        }
        guard remaining.isEmpty else {
            throw DatabaseError(code: SQLITE_MISUSE, message: "too many arguments", sql: sql)
        }
    }

    /// A new prepared statement for `sql` (a single statement).
    public func makeStatement(sql: String) throws -> Statement {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v2(self.handle, sql, -1, &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(code: code == SQLITE_OK ? SQLITE_MISUSE : code, connection: self.handle, sql: sql)
        }
        return Statement(handle: handle, connection: connection, sql: sql)
    }

    /// The prepared statement for `sql`, prepared once per connection and reused.
    public func cachedStatement(sql: String) throws -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try makeStatement(sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changesCount: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last row inserted.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a table (or view) named `name` exists.
    public func tableExists(_ name: String) throws -> Bool {
        try Bool.fetchOne(
            self, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?)", arguments: [name]
        ) ?? false
    }

    /// Whether a transaction is open.
    public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    public enum TransactionKind: String, Sendable {
        case deferred = "DEFERRED"
        case immediate = "IMMEDIATE"
        case exclusive = "EXCLUSIVE"
    }

    public enum TransactionCompletion: Sendable {
        case commit
        case rollback
    }

    /// Runs `body` in a transaction of `kind`: committed when it returns `.commit`, rolled back when it
    /// returns `.rollback` or throws.
    public func inTransaction(_ kind: TransactionKind = .deferred, _ body: () throws -> TransactionCompletion) throws {
        try execute(sql: "BEGIN \(kind.rawValue) TRANSACTION")
        let completion: TransactionCompletion
        do {
            completion = try body()
        } catch {
            rollback()
            throw error
        }
        switch completion {
        case .commit:
            do {
                try execute(sql: "COMMIT TRANSACTION")
            } catch {
                rollback()
                throw error
            }
        case .rollback:
            rollback()
        }
    }

    /// Runs `body` in a transaction of `kind` and commits what it did; rolled back when it throws.
    public func transaction<T>(_ kind: TransactionKind, _ body: (Database) throws -> T) throws -> T {
        var result: T?
        try inTransaction(kind) {
            result = try body(self)
            return .commit
        }
        return result!
    }

    private func rollback() {
        if isInsideTransaction { try? execute(sql: "ROLLBACK TRANSACTION") }
    }
}
