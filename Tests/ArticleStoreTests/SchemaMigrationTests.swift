import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// Opening caches made by other versions, and the first-run import as one transaction.
@Suite("Schema versions and the first-run import")
struct SchemaMigrationTests {
    @Test("A cache made by a newer nytreader is refused in words and left byte for byte as it was")
    func newerSchema() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        do {
            let store = try ArticleStore(path: path)
            try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<3), origin: .network)
            try store.writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
            }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for access in [ArticleStore.Access.readWrite, .readOnlyWhenReady] {
            #expect {
                _ = try ArticleStore(path: path, access: access)
            } throws: { error in
                guard let error = error as? StoreError else { return false }
                return error.code == .newerSchema && error.path == path && error.cause.contains("v9-from-the-future")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("Another program's SQLite database is refused in words and left as it was: bytes, journal mode and file mode")
    func foreignDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.sqlite")
        do {
            let other = try DatabaseQueue(path: path)
            try other.write { db in
                try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
                try db.execute(sql: "INSERT INTO notes (body) VALUES ('keep me')")
            }
        }
        chmod(path, 0o644)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for access in [ArticleStore.Access.readWrite, .readOnlyWhenReady] {
            let error = try #require(throws: StoreError.self) { _ = try ArticleStore(path: path, access: access) }
            #expect(error.code == .corrupt && error.path == path, "\(error)")
            #expect(error.cause.contains("another program") && error.cause.contains("notes"), "\(error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try PrivateFilesTests.mode(path) == 0o644)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("A new cache made from Schema.current has exactly the tables, indexes and triggers the migrations build")
    func currentSchemaMatchesMigrations() throws {
        func objects(stepByStep: Bool) throws -> [[String?]] {
            let queue = try DatabaseQueue(configuration: .fullText)
            try queue.write { db in try SchemaMigration.apply(db, stepByStep: stepByStep) }
            return try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map { row in
                    try (0..<4).map { try row[$0] as String? }
                }
            }
        }
        let migrated = try objects(stepByStep: true)
        let current = try objects(stepByStep: false)
        #expect(migrated.count > 20)
        #expect(current.filter { !migrated.contains($0) } == [], "in Schema.current only")
        #expect(migrated.filter { !current.contains($0) } == [], "from the migrations only")
        let recorded = try DatabaseQueue(configuration: .fullText)
        try recorded.write { db in try SchemaMigration.apply(db) }
        #expect(try recorded.read(SchemaMigration.state) == .current)
    }

    @Test("The first-run import is one transaction: a disk that fills up midway leaves nothing, the next start imports whole")
    func importIsAtomic() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        let snapshots = [
            ArticleFactory.snapshot(.topStories(.home), 0..<200),
            ArticleFactory.snapshot(.topStories(.world), 200..<3_000),
        ]
        let pages = try store.writer.read { try Int.fetchOne($0, sql: "PRAGMA page_count") ?? 0 }
        try store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 40)") }
        #expect(throws: StoreError.self) { try store.importIfEmpty { snapshots } }
        #expect(try store.isEmpty(), "nothing of the first feed is left")
        #expect(try store.status(of: .topStories(.home)).count == 0)

        try store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        #expect(try store.importIfEmpty { snapshots } == 3_000)
        #expect(
            try store.importIfEmpty {
                Issue.record("not evaluated for a filled cache")
                return []
            } == 0)
    }
}
