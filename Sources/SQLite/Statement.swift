import CSQLite

/// A prepared statement of one connection. Every run starts from a reset statement with fresh arguments,
/// and ends reset, so a statement never keeps a read transaction open after it has been used.
public final class Statement {
    let handle: OpaquePointer
    /// Held, so the connection stays open for as long as the statement exists.
    private let connection: Connection
    public let sql: String
    /// The names of the result columns, in order.
    public let columnNames: [String]

    init(handle: OpaquePointer, connection: Connection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
        columnNames = (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// How many `?` parameters the statement has.
    var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Runs the statement to its end with `arguments`.
    public func execute(arguments: StatementArguments = []) throws {
        try start(with: arguments)
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Resets the statement and binds `arguments` to its parameters (every one of them, so no value of
    /// an earlier run is left bound).
    func start(with arguments: StatementArguments) throws {
        sqlite3_reset(handle)
        guard arguments.values.count == parameterCount else {
            throw DatabaseError(
                code: SQLITE_MISUSE,
                message: "\(arguments.values.count) arguments for \(parameterCount) parameters",
                sql: sql
            )
        }
        for (offset, value) in arguments.values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: DatabaseValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(let text):
            var text = text
            code = text.withUTF8 { bytes in
                sqlite3_bind_text(
                    handle, index, UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                    sqliteTransient)
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { raw in
                sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), sqliteTransient)
            }
        }
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: connection.handle, sql: sql) }
    }

    /// Whether the statement is in the middle of a run (and so holds a read of the database).
    public var isRunning: Bool { sqlite3_stmt_busy(handle) != 0 }

    /// Ends a run: the statement no longer holds its read of the database.
    func reset() {
        sqlite3_reset(handle)
    }

    /// Advances to the next row: true while there is one, false at the end.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = DatabaseError(code: code, connection: connection.handle, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// The value of column `index` of the current row.
    func value(at index: Int32) -> DatabaseValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let blob = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }

    /// The current row.
    func row() -> Row {
        Row(values: (0..<Int32(columnNames.count)).map(value(at:)), names: columnNames)
    }
}

/// SQLite copies bound text and blobs (`SQLITE_TRANSIENT`, a macro Swift cannot import).
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
