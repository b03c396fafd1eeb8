/// How a connection is opened and prepared.
public struct Configuration: Sendable {
    /// `PRAGMA foreign_keys = ON` on every connection.
    public var foreignKeysEnabled = true
    /// Opens the file read-only (nothing is created, nothing can be written).
    public var readonly = false
    /// How long a statement waits for another connection's lock before it fails with `SQLITE_BUSY`.
    public var busyTimeout: Double = 5
    /// Run on each connection that may write, once it is open.
    public var prepareDatabase: (@Sendable (Database) throws -> Void)?
    /// Run on every connection, reading or writing, once it is open (functions of SQL, for example).
    public var prepareConnection: (@Sendable (Database) throws -> Void)?

    public init() {}
}
