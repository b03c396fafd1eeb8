import Foundation
import Glibc
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// Each way the cache can fail reaches the layers above as its own kind, so each can be told in its own words.
@Suite("Kinds of cache failure")
struct StoreErrorKindTests {
    static let world = Feed.topStories(.world)

    static func store(in directory: TemporaryDirectory) throws -> (ArticleStore, String) {
        let path = directory.path("cache.sqlite")
        let store = try ArticleStore(path: path)
        try store.apply(ArticleFactory.snapshot(world, 0..<3), origin: .network)
        return (store, path)
    }

    static func code(of body: () throws -> Void) -> StoreError.Code? {
        do {
            try body()
            return nil
        } catch let error as StoreError {
            return error.code
        } catch {
            Issue.record("not a StoreError: \(error)")
            return nil
        }
    }

    @Test("Another process holding the write lock past the wait: busy, naming the file")
    func busy() async throws {
        let directory = try TemporaryDirectory()
        let (store, path) = try Self.store(in: directory)
        let holder = try DatabaseQueue(path: path)
        // The write waits out the busy timeout: on a thread of its own.
        let outcome = try await onOwnThread {
            try holder.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                defer { try? db.execute(sql: "ROLLBACK") }
                return Result { try store.setRead(ArticleFactory.article(0).id, at: Date()) }
            }
        }
        switch outcome {
        case .success: Issue.record("the write did not wait for the lock")
        case .failure(let error):
            let storeError = try #require(error as? StoreError)
            #expect(storeError.code == .busy)
            #expect(storeError.path == path)
        }
    }

    @Test("A write waits while another process writes, and goes through once that write is done")
    func writeWaitsForAnotherWriter() async throws {
        let directory = try TemporaryDirectory()
        let (store, _) = try Self.store(in: directory)
        let holder = try DatabaseQueue(path: directory.path("cache.sqlite"))
        let locked = DispatchSemaphore(value: 0)
        // The other process's write holds the lock for 1 s of the 5 s a write waits; both block, each on a
        // thread of its own.
        async let held: Void = onOwnThread {
            try holder.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                usleep(1_000_000)
                try db.execute(sql: "COMMIT")
            }
        }
        let written = try await onOwnThread {
            locked.wait()
            return Result { try store.setRead(ArticleFactory.article(0).id, at: Date()) }
        }
        try await held
        if case .failure(let error) = written {
            Issue.record("the write did not wait for the other one: \(error)")
        }
    }

    @Test("No room left for the cache to grow: disk full")
    func diskFull() throws {
        let directory = try TemporaryDirectory()
        let (store, _) = try Self.store(in: directory)
        try store.writer.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        #expect(Self.code { try store.apply(ArticleFactory.snapshot(Self.world, 0..<2_000), origin: .network) } == .diskFull)
        // The failed refresh changed nothing.
        #expect(try store.status(of: Self.world).count == 3)
    }

    @Test("A cache that cannot be written: read-only")
    func readOnly() throws {
        let directory = try TemporaryDirectory()
        let (store, _) = try Self.store(in: directory)
        try store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
        #expect(Self.code { try store.setSaved(ArticleFactory.article(1).id, at: Date()) } == .readOnly)
    }

    @Test("A cache opened for reading only reads on two connections side by side, as a read-write one does, and writes nothing")
    func readOnlyReadsSideBySide() throws {
        let directory = try TemporaryDirectory()
        let (_, path) = try Self.store(in: directory)
        let reader = try ArticleStore(path: path, access: .readOnlyWhenReady)
        let second = try reader.writer.read { first in
            try reader.writer.readIfFree { second in ObjectIdentifier(second) != ObjectIdentifier(first) }
        }
        #expect(second == true)
        #expect(Self.code { try reader.setSaved(ArticleFactory.article(1).id, at: Date()) } == .readOnly)
    }

    @Test("A file that is not a cache, or a damaged one: corrupt")
    func corrupt() throws {
        let directory = try TemporaryDirectory()
        let notACache = directory.path("notes.sqlite")
        try Data(String(repeating: "these are not the pages of a database\n", count: 200).utf8)
            .write(to: URL(fileURLWithPath: notACache))
        for access in [ArticleStore.Access.readWrite, .readOnlyWhenReady] {
            #expect(Self.code { _ = try ArticleStore(path: notACache, access: access) } == .corrupt)
        }

        let (store, path) = try Self.store(in: directory)
        try store.apply(ArticleFactory.snapshot(Self.world, 0..<500), origin: .network)
        try store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        // Every page after the first two overwritten: SQLite finds the damage when it reads them.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: 8_192)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 8_192))
        try handle.close()
        let reopened = try? ArticleStore(path: path)
        let code = Self.code { _ = try (reopened ?? ArticleStore(path: path)).entries(in: Self.world, range: 0..<500) }
        #expect(code == .corrupt)
    }

    @Test("A cache a newer nytreader made: newer schema")
    func newerSchema() throws {
        let directory = try TemporaryDirectory()
        let (store, path) = try Self.store(in: directory)
        try store.writer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')")
        }
        #expect(Self.code { _ = try ArticleStore(path: path) } == .newerSchema)
    }

    @Test("A place the cache cannot be made: cannot open")
    func cannotOpen() throws {
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: directory.path("file"), contents: Data()))
        #expect(Self.code { _ = try ArticleStore(path: directory.path("file/cache.sqlite")) } == .cannotOpen)
        try FileManager.default.createDirectory(atPath: directory.path("folder.sqlite"), withIntermediateDirectories: false)
        #expect(Self.code { _ = try ArticleStore(path: directory.path("folder.sqlite")) } == .cannotOpen)
    }

    @Test("The read-only open of a busy cache is not read as immutable, which would skip its lock and its newest writes")
    func readOnlyOpenOfBusyCache() async throws {
        let directory = try TemporaryDirectory()
        let (_, path) = try Self.store(in: directory)
        // A connection in exclusive locking mode keeps every other connection out, readers included.
        let holder = try DatabaseQueue(path: path, configuration: .fullText)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(
                sql: "UPDATE article SET title = 'newest' WHERE nyttext(uri) = ?", arguments: [ArticleFactory.article(0).id.rawValue])
        }
        // Each open waits out the busy timeout: on a thread of its own.
        let (openedAsImmutable, asked, immutableWhereUnwritable, immutableWhereGone) = try await onOwnThread {
            var asked: [String] = []
            let reader = try CacheOpening.readOnlyDatabase(path: path) { folder in
                asked.append(folder)
                return nil
            }
            // Where the folder really cannot be written, the immutable open is the way to read it.
            let unwritable = try [EROFS, EACCES].map { number in try CacheOpening.readOnlyDatabase(path: path) { _ in number } != nil }
            // Any other reason the folder cannot be written (here: it is gone) is no sign that nothing writes
            // the cache. (Each open waits out the busy timeout first: one errno of each kind is enough.)
            let gone = try CacheOpening.readOnlyDatabase(path: path) { _ in ENOENT } != nil
            return (reader != nil, asked, unwritable, gone)
        }
        #expect(!openedAsImmutable, "a busy cache was opened as immutable")
        #expect(asked == [path])
        #expect(immutableWhereUnwritable == [true, true], "EROFS, EACCES")
        #expect(!immutableWhereGone, "a cache whose folder is gone was opened as immutable")
        try holder.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA locking_mode = NORMAL; SELECT 1 FROM article") }
    }
}
