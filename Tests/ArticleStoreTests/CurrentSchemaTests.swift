import SQLite
@testable import ArticleStore
import Testing

/// The schema a new cache is given in one go, against the migrations it stands for.
@Suite("The schema of a new cache")
struct CurrentSchemaTests {
    /// Every object SQLite records in `db` (its kind, name, table and SQL), by name.
    static func objects(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT type || ' ' || name || ' on ' || tbl_name || ': ' || COALESCE(sql, '') FROM sqlite_schema ORDER BY name
            """)
    }

    /// The rows of the full-text indexes' configuration and of the migrations record.
    static func records(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT k || '=' || v FROM articleFTS_config ORDER BY k")
            + String.fetchAll(db, sql: "SELECT k || '=' || v FROM articleCJK_config ORDER BY k")
            + String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
    }

    @Test("A new cache is given exactly the schema every migration run in turn makes, with every migration recorded")
    func sameAsMigrations() throws {
        let migrated = try DatabaseQueue()
        try migrated.write { db in try SchemaMigration.apply(db, upTo: Schema.identifiers.last) }
        let created = try DatabaseQueue()
        try created.write { db in try SchemaMigration.apply(db) }

        #expect(try created.read(Self.objects) == migrated.read(Self.objects))
        #expect(try created.read(Self.records) == migrated.read(Self.records))
        #expect(try created.read(SchemaMigration.state) == .current)
        let order = try created.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_schema") }
        #expect(order.firstIndex(of: "article_url")! < order.firstIndex(of: "feed")!, "given in one go, in CurrentSchema's order")
    }

    @Test("A database that holds anything is migrated, never given the new schema over it")
    func onlyBlankDatabases() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE other (x)")
            try SchemaMigration.apply(db)
        }
        #expect(try queue.read(SchemaMigration.state) == .current)
        #expect(try queue.read { db in try db.tableExists("other") })
    }
}
