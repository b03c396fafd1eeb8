import Glibc

/// Access to a database from any thread: reads see one consistent state, writes run in a transaction.
public protocol DatabaseWriter: AnyObject, Sendable {
    /// Runs `body` in a read transaction.
    func read<T>(_ body: (Database) throws -> T) throws -> T
    /// Runs `body` in an immediate write transaction, committed when it returns.
    func write<T>(_ body: (Database) throws -> T) throws -> T
    /// Runs `body` on the connection that writes, outside any transaction.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T
}

/// One connection, used by one caller at a time: in-memory databases and read-only files.
public final class DatabaseQueue: DatabaseWriter, LockedConnections, @unchecked Sendable {
    let writer: LockedConnection
    var reader: LockedConnection { writer }

    /// Opens `path` (`:memory:` when nil).
    public init(path: String? = nil, configuration: Configuration = Configuration()) throws {
        let database = try Database(path: path ?? ":memory:", configuration: configuration)
        if !configuration.readonly { try configuration.prepareDatabase?(database) }
        writer = LockedConnection(database)
    }
}

/// A database in WAL mode with one connection that writes and one that reads, so reads never wait for
/// a write of this process or of another one.
public final class DatabasePool: DatabaseWriter, LockedConnections, @unchecked Sendable {
    let writer: LockedConnection
    let reader: LockedConnection

    public init(path: String, configuration: Configuration = Configuration()) throws {
        let writing = try Database(path: path, configuration: configuration)
        // Prepared before the switch to WAL, which is the first write to a new file: its settings
        // (`synchronous`) apply to that write too.
        try configuration.prepareDatabase?(writing)
        if try String.fetchOne(writing, sql: "PRAGMA journal_mode") != "wal" {
            try writing.execute(sql: "PRAGMA journal_mode = WAL")
        }
        let reading = try Database(path: path, configuration: configuration)
        try reading.execute(sql: "PRAGMA query_only = 1")
        writer = LockedConnection(writing)
        reader = LockedConnection(reading)
    }
}

/// The connection that writes and the one that reads (the same one for a queue).
protocol LockedConnections {
    var writer: LockedConnection { get }
    var reader: LockedConnection { get }
}

extension LockedConnections {
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try reader.use { db in try db.transaction(.deferred, body) }
    }

    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.use { db in try db.transaction(.immediate, body) }
    }

    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.use(body)
    }
}

/// A connection and the lock that gives it to one caller at a time.
final class LockedConnection: @unchecked Sendable {
    private let database: Database
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ database: Database) {
        self.database = database
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func use<T>(_ body: (Database) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(database)
    }
}
