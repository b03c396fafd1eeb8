import CSQLite
import Glibc
import NewsCore
import SQLite
import Synchronization
import TestSupport
import Testing

@Suite("The SQLite layer")
struct SQLiteTests {
    @Test("Several statements in one execute take their arguments in order; values come back as stored")
    func executeAndFetch() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT);
                    INSERT INTO t VALUES (?, ?, ?, ?, ?);
                    INSERT INTO t VALUES (?, ?, ?, ?, ?);
                    """, arguments: [1, 1.5, "Café\u{0}zero", DatabaseValue.blob([0, 255]), nil, 2, 2.5, "二", DatabaseValue.blob([]), "x"])
        }
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT i, r, s, b, n FROM t ORDER BY i") }
        #expect(rows.count == 2)
        #expect(try rows[0][0] as Int == 1)
        #expect(try rows[0][1] as Double == 1.5)
        #expect(try rows[0][2] as String == "Café\u{0}zero")
        #expect(rows[0][3] == DatabaseValue.blob([0, 255]))
        #expect(rows[0].hasNull(atIndex: 4))
        #expect(try rows[0][4] as String? == nil)
        #expect(try rows[1]["n"] as String == "x")
        #expect(try queue.read { db in try Int.fetchAll(db, sql: "SELECT i FROM t ORDER BY i") } == [1, 2])
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT i FROM t WHERE i > 5") } == nil)
    }

    @Test("SQLite keeps no memory statistics (with them, every allocation it makes takes a global mutex)")
    func noMemoryStatistics() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (s TEXT); INSERT INTO t VALUES (?)", arguments: [String(repeating: "x", count: 100_000)])
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT length(s) FROM t") } == 100_000)
        #expect(sqlite3_memory_used() == 0)
    }

    @Test("A wrong number of arguments is an error, not a crash")
    func argumentCount() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [1, 2]) }
        }
        #expect(throws: DatabaseError.self) { try queue.write { db in try db.execute(sql: "INSERT INTO t VALUES (?)") } }
        #expect(throws: DatabaseError.self) { try queue.write { db in try db.execute(sql: "SELEC nonsense") } }
    }

    @Test("A write that throws leaves nothing behind")
    func rollback() throws {
        struct Stop: Error {}
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        #expect(throws: Stop.self) {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") } == 0)
    }

    @Test("A statement read only in part, or to its end, or failing, does not stay running (and holding a read)")
    func statementsAreReset() throws {
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a UNIQUE)")
            for value in 0..<100 { try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value]) }
            let select = try db.cachedStatement(sql: "SELECT a FROM t")
            #expect(try Int.fetchOne(select) == 0)
            #expect(!select.isRunning)
            #expect(try Row.fetchOne(select)?[0] as Int? == 0)
            #expect(!select.isRunning)
            #expect(try Int.fetchAll(select).count == 100)
            #expect(!select.isRunning)
            let cursor = try Row.fetchCursor(select)
            #expect(try cursor.next() != nil)
            #expect(select.isRunning)
            while try cursor.next() != nil {}
            #expect(!select.isRunning)
            let insert = try db.cachedStatement(sql: "INSERT INTO t VALUES (?)")
            #expect(throws: DatabaseError.self) { try insert.execute(arguments: [1]) }
            #expect(!insert.isRunning)
        }
    }

    @Test("A pool prepares its writing connection before it switches a new file to WAL, the file's first write")
    func preparedBeforeWAL() throws {
        let directory = try TemporaryDirectory()
        let seen = Mutex<[String]>([])
        var configuration = Configuration()
        configuration.prepareDatabase = { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?"
            seen.withLock { $0.append(mode) }
        }
        let pool = try DatabasePool(path: directory.path("db.sqlite"), configuration: configuration)
        #expect(seen.withLock { $0 } == ["delete"])
        #expect(try pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test("A write lock held by another connection is SQLITE_BUSY once the timeout has passed")
    func busy() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let holder = try DatabasePool(path: path)
        try holder.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        var configuration = Configuration()
        configuration.busyTimeout = 0.1
        let waiter = try DatabasePool(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            do {
                try waiter.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
                Issue.record("the write did not wait for the lock")
            } catch let error as DatabaseError {
                #expect(error.resultCode == .busy)
            }
            // Reading is never blocked by the writer.
            #expect(try waiter.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") } == 0)
        }
    }

    @Test("A statement kept after its database is gone still runs, and fails in SQLite's words: it holds its connection open")
    func statementOutlivesDatabase() throws {
        var select: Statement?
        var insert: Statement?
        do {
            let queue = try DatabaseQueue()
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE t (a UNIQUE); INSERT INTO t VALUES (7)")
                select = try db.makeStatement(sql: "SELECT a FROM t")
                insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?)")
            }
        }
        let keptSelect = try #require(select)
        let keptInsert = try #require(insert)
        #expect(try Int.fetchAll(keptSelect) == [7])
        // The error's words come from the connection: it must still be open.
        #expect {
            try keptInsert.execute(arguments: [7])
        } throws: { error in
            (error as? DatabaseError)?.message?.contains("UNIQUE constraint failed") == true
        }
    }

    @Test("A pool reads on more than one connection at once: two reads, each waiting for the other, both finish")
    func readsSideBySide() async throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("db.sqlite"), maximumReaders: 2)
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }
        // Each read stays open until both are inside one at the same time (or 2 s have passed): with a single
        // reading connection the second starts only after the first has ended, and neither sees the other.
        let inside = Atomic<Int>(0)
        let bothInside = Atomic<Bool>(false)
        let finished = Atomic<Int>(0)
        for _ in 0..<2 {
            let started = DetachedThread.start {
                _ = try? pool.read { db in
                    inside.add(1, ordering: .sequentiallyConsistent)
                    defer { inside.subtract(1, ordering: .sequentiallyConsistent) }
                    let deadline = ContinuousClock.now + .seconds(2)
                    while inside.load(ordering: .sequentiallyConsistent) < 2, ContinuousClock.now < deadline { usleep(1_000) }
                    if inside.load(ordering: .sequentiallyConsistent) == 2 { bothInside.store(true, ordering: .sequentiallyConsistent) }
                    return try Int.fetchOne(db, sql: "SELECT a FROM t")
                }
                finished.add(1, ordering: .sequentiallyConsistent)
            }
            #expect(started)
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while finished.load(ordering: .sequentiallyConsistent) < 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let finishedCount = finished.load(ordering: .sequentiallyConsistent)
        let sawBothInside = bothInside.load(ordering: .sequentiallyConsistent)
        #expect(finishedCount == 2)
        #expect(sawBothInside)
    }

    @Test("A pool never opens more reading connections than its maximum: a third read waits for one to be given back")
    func readersBounded() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("db.sqlite"), maximumReaders: 1)
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let connections = Mutex<Set<ObjectIdentifier>>([])
        for _ in 0..<5 {
            try pool.read { db in connections.withLock { _ = $0.insert(ObjectIdentifier(db)) } }
        }
        #expect(connections.withLock { $0.count } == 1)
    }

    @Test("readIfFree reads on a second connection from inside a read, and answers nil at once when none is left")
    func readIfFree() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("db.sqlite"), maximumReaders: 2)
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (7)") }
        struct Seen {
            var outer: ObjectIdentifier
            var inner: ObjectIdentifier?
            var value: Int?
            var thirdLent: Bool
        }
        let seen = try pool.read { outer in
            var seen = Seen(outer: ObjectIdentifier(outer), inner: nil, value: nil, thirdLent: true)
            _ = try pool.readIfFree { inner in
                seen.inner = ObjectIdentifier(inner)
                seen.value = try Int.fetchOne(inner, sql: "SELECT a FROM t")
                // Both connections are lent now: a third is not opened and not waited for.
                seen.thirdLent = try pool.readIfFree { _ in true } ?? false
            }
            return seen
        }
        #expect(seen.inner != nil)
        #expect(seen.inner != seen.outer)
        #expect(seen.value == 7)
        #expect(!seen.thirdLent)
        // Given back: the next readIfFree finds a free connection again.
        #expect(try pool.readIfFree { db in try Int.fetchOne(db, sql: "SELECT a FROM t") } == 7)
        let queue = try DatabaseQueue()
        #expect(try queue.readIfFree { _ in 1 } == nil)
    }

    @Test("A read-only pool reads on a second read-only connection beside the first, and refuses writes")
    func readOnlyPool() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let writer = try DatabasePool(path: path, maximumReaders: 1)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (7)") }
        let pool = try DatabasePool(readOnlyPath: path, configuration: Configuration(), maximumReaders: 2)
        let (outer, inner) = try pool.read { outer in
            (
                ObjectIdentifier(outer),
                try pool.readIfFree { inner in (ObjectIdentifier(inner), try Int.fetchOne(inner, sql: "SELECT a FROM t")) }
            )
        }
        #expect(inner != nil && inner?.0 != outer, "a second connection")
        #expect(inner?.1 == 7)
        #expect(throws: DatabaseError.self) { try pool.write { db in try db.execute(sql: "INSERT INTO t VALUES (8)") } }
        #expect(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") } == 1)
    }
}
