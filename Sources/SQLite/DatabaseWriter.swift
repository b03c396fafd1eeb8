import Glibc

/// Access to a database from any thread: reads see one consistent state, writes run in a transaction.
public protocol DatabaseWriter: AnyObject, Sendable {
    /// Runs `body` in a read transaction.
    func read<T>(_ body: (Database) throws -> T) throws -> T
    /// Runs `body` in a read transaction on a connection no other caller holds, or answers nil at once
    /// when there is none to spare (it never waits for one: a read that asks from inside another read
    /// cannot wait for that read to end).
    func readIfFree<T>(_ body: (Database) throws -> T) throws -> T?
    /// Runs `body` in an immediate write transaction, committed when it returns.
    func write<T>(_ body: (Database) throws -> T) throws -> T
    /// Runs `body` on the connection that writes, outside any transaction.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T
}

/// One connection, used by one caller at a time: in-memory databases and read-only files.
public final class DatabaseQueue: DatabaseWriter, @unchecked Sendable {
    private let connection: ConnectionLock

    /// Opens `path` (`:memory:` when nil).
    public init(path: String? = nil, configuration: Configuration = Configuration()) throws {
        let database = try Database(path: path ?? ":memory:", configuration: configuration)
        if !configuration.readonly { try configuration.prepareDatabase?(database) }
        connection = ConnectionLock(database)
    }

    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try connection.use { db in try db.transaction(.deferred, body) }
    }

    /// Always nil: the queue's one connection is the one its reads use.
    public func readIfFree<T>(_ body: (Database) throws -> T) throws -> T? {
        nil
    }

    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try connection.use { db in try db.transaction(.immediate, body) }
    }

    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try connection.use(body)
    }
}

/// A database in WAL mode with one connection that writes and up to `maximumReaders` that read side by
/// side, so reads wait neither for a write (of this process or another) nor for each other. Reading
/// connections are opened when first needed, so a program that reads little holds one.
public final class DatabasePool: DatabaseWriter, @unchecked Sendable {
    private let writer: ConnectionLock
    private let readers: ReaderConnections

    /// - Parameter maximumReaders: how many reads may run at once (at least 1).
    public init(path: String, configuration: Configuration = Configuration(), maximumReaders: Int = 2) throws {
        let writing = try Database(path: path, configuration: configuration)
        // Prepared before the switch to WAL, which is the first write to a new file: its settings
        // (`synchronous`) apply to that write too.
        try configuration.prepareDatabase?(writing)
        if try String.fetchOne(writing, sql: "PRAGMA journal_mode") != "wal" {
            try writing.execute(sql: "PRAGMA journal_mode = WAL")
        }
        writer = ConnectionLock(writing)
        readers = ReaderConnections(maximum: maximumReaders) {
            let reading = try Database(path: path, configuration: configuration)
            try reading.execute(sql: "PRAGMA query_only = 1")
            return reading
        }
        // The first reading connection is opened now, so a file that cannot be read fails here.
        try readers.use { _ in }
    }

    /// A file only read (opened read-only, or immutable): up to `maximumReaders` connections read side by
    /// side, and the one `write` uses is read-only too, so a write fails as the file refuses it.
    /// (`configuration.readonly` is set; a file that cannot be read fails here.)
    public init(readOnlyPath path: String, configuration: Configuration, maximumReaders: Int) throws {
        var configuration = configuration
        configuration.readonly = true
        writer = ConnectionLock(try Database(path: path, configuration: configuration))
        readers = ReaderConnections(maximum: maximumReaders) { [configuration] in
            try Database(path: path, configuration: configuration)
        }
    }

    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try readers.read(body)
    }

    public func readIfFree<T>(_ body: (Database) throws -> T) throws -> T? {
        try readers.readIfFree(body)
    }

    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.use { db in try db.transaction(.immediate, body) }
    }

    public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.use(body)
    }
}

/// A connection and the lock that gives it to one caller at a time.
final class ConnectionLock: @unchecked Sendable {
    private let database: Database
    private let monitor = Monitor()

    init(_ database: Database) {
        self.database = database
    }

    func use<T>(_ body: (Database) throws -> T) rethrows -> T {
        try monitor.withLock { try body(database) }
    }
}

/// Reading connections lent one caller at a time each: a free one when there is one, a new one while
/// fewer than `maximum` are open, else the first one given back.
final class ReaderConnections: @unchecked Sendable {
    private let maximum: Int
    private let open: () throws -> Database
    private let monitor = Monitor()
    /// Connections no caller holds.
    private var free: [Database] = []
    /// Connections open or being opened.
    private var count = 0

    init(maximum: Int, open: @escaping () throws -> Database) {
        self.maximum = max(1, maximum)
        self.open = open
    }

    func use<T>(_ body: (Database) throws -> T) throws -> T {
        let database = try take()
        defer { give(database) }
        return try body(database)
    }

    /// Runs `body` in a read transaction on a connection (`use`).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try use { db in try db.transaction(.deferred, body) }
    }

    /// Runs `body` in a read transaction on a connection no caller holds, or answers nil (`useIfFree`).
    func readIfFree<T>(_ body: (Database) throws -> T) throws -> T? {
        try useIfFree { db in try db.transaction(.deferred, body) }
    }

    /// Runs `body` with a connection no caller holds (opened when fewer than `maximum` are), or answers
    /// nil without waiting when every one is lent.
    func useIfFree<T>(_ body: (Database) throws -> T) throws -> T? {
        let lent: Database?? = monitor.withLock {
            if let database = free.popLast() { return .some(database) }
            guard count < maximum else { return nil }
            count += 1
            return .some(nil)
        }
        guard let lent else { return nil }
        let database = try lent ?? openCounted()
        defer { give(database) }
        return try body(database)
    }

    private func take() throws -> Database {
        let lent: Database? = monitor.withLock {
            monitor.wait { !free.isEmpty || count < maximum }
            if let database = free.popLast() { return database }
            count += 1
            return nil
        }
        return try lent ?? openCounted()
    }

    /// A new connection, counted already; when it cannot be opened, the count is given back.
    private func openCounted() throws -> Database {
        do {
            return try open()
        } catch {
            monitor.withLock { count -= 1 }
            monitor.signal()
            throw error
        }
    }

    private func give(_ database: Database) {
        monitor.withLock { free.append(database) }
        monitor.signal()
    }
}
