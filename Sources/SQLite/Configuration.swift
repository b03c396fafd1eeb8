/// How a connection is opened and prepared.
public struct Configuration: Sendable {
    /// `PRAGMA foreign_keys = ON` on every connection.
    public var foreignKeysEnabled = true
    /// Opens the file read-only (nothing is created, nothing can be written).
    public var readonly = false
    /// How long a statement waits for another connection's lock before it fails with `SQLITE_BUSY`.
    public var busyTimeout: Double = 5
    /// What closing a `DatabasePool` does with its WAL. Nil: SQLite's default, the last connection to close
    /// copies the WAL into the database file and deletes it (two syncs, and every page of the last writes
    /// written a second time, at the end of every process). A number of bytes: the WAL is left for the next
    /// connection, of this process or another, unless it is larger than that; SQLite still copies it after
    /// a commit that leaves more than 1,000 pages in it (`wal_autocheckpoint`), and cuts the file back to
    /// that size when it starts it again.
    public var walKeptOnClose: Int? = nil
    /// Run on each connection that may write, once it is open.
    public var prepareDatabase: (@Sendable (Database) throws -> Void)?
    /// Run on every connection, reading or writing, once it is open (functions of SQL, for example).
    public var prepareConnection: (@Sendable (Database) throws -> Void)?

    public init() {}
}
