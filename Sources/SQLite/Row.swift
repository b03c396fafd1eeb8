import CSQLite

/// One result row, copied out of its statement.
public struct Row: Sendable {
    public let databaseValues: [DatabaseValue]
    @usableFromInline let names: [String]

    init(values: [DatabaseValue], names: [String]) {
        databaseValues = values
        self.names = names
    }

    /// A row of `values` kept outside a table (read by index only: it has no column names).
    public init(values: [DatabaseValue]) {
        self.init(values: values, names: [])
    }

    public var count: Int { databaseValues.count }

    public subscript(index: Int) -> DatabaseValue {
        databaseValues[index]
    }

    /// Column `index` as `Value`. A value of another kind (a NULL for a non-optional type, text in a column
    /// of numbers) is a damaged cache: the tables do not enforce their types, and the file may have been
    /// written by another program or damaged since. It is an error of `ResultCode.corrupt`, never a trap.
    /// Inlinable: made for each type where it is read, so reading a column costs no look-up of generic
    /// metadata (a tenth of the time the store took to read a window of articles).
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(index: Int) -> Value {
        get throws(DatabaseError) {
            guard let value = Value.fromDatabaseValue(databaseValues[index]) else {
                let column = names.indices.contains(index) ? " (\(names[index]))" : ""
                throw DatabaseError.damaged("column \(index)\(column) holds \(databaseValues[index]), not a \(Value.self)")
            }
            return value
        }
    }

    /// The column named `name` as `Value`.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(name: String) -> Value {
        get throws(DatabaseError) {
            guard let index = names.firstIndex(of: name) else { preconditionFailure("no column named \(name)") }
            return try self[index]
        }
    }

    public func hasNull(atIndex index: Int) -> Bool {
        databaseValues[index].isNull
    }
}

/// Rows read one at a time; the statement is reset once the last one has been read, or by `close` when
/// the rows after are not wanted.
public final class RowCursor {
    private let statement: Statement
    private var done = false

    init(statement: Statement, arguments: StatementArguments) throws {
        self.statement = statement
        try statement.start(with: arguments)
    }

    public func next() throws -> Row? {
        guard !done else { return nil }
        if try statement.step() { return statement.row() }
        close()
        return nil
    }

    /// Ends the run before its last row: the statement no longer holds its read of the database.
    public func close() {
        guard !done else { return }
        done = true
        statement.reset()
    }
}

extension Row {
    public static func fetchCursor(_ statement: Statement, arguments: StatementArguments = []) throws -> RowCursor {
        try RowCursor(statement: statement, arguments: arguments)
    }

    public static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Row] {
        try statement.start(with: arguments)
        defer { statement.reset() }
        var rows: [Row] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    public static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Row? {
        try statement.start(with: arguments)
        defer { statement.reset() }
        return try statement.step() ? statement.row() : nil
    }

    public static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> RowCursor {
        try fetchCursor(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Row] {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Row? {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }
}

extension DatabaseValueConvertible {
    /// The first column of the first row; nil when there is no row or it holds NULL.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Self? {
        try statement.start(with: arguments)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return fromDatabaseValue(statement.value(at: 0))
    }

    /// The first column of every row (rows where it is NULL or of another kind are left out).
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Self] {
        try statement.start(with: arguments)
        defer { statement.reset() }
        var values: [Self] = []
        while try statement.step() {
            if let value = fromDatabaseValue(statement.value(at: 0)) { values.append(value) }
        }
        return values
    }

    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Self? {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }

    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }
}
