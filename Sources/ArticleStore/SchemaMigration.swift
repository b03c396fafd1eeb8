import NewsCore
import SQLite

/// Brings a cache's schema up to date so that any number of processes may open it at once: a cache that
/// is current is recognised with a read (no write lock); otherwise the missing migrations run in one
/// exclusive transaction that checks again once it holds the lock, so a second process waits, then finds
/// the work done. A cache made by a newer nytreader (migrations this one does not know) is refused, never
/// changed.
enum SchemaMigration {
    /// Where a cache's schema stands against this program's migrations.
    enum State: Equatable {
        case current
        case behind
        /// Migrations recorded in the cache that this program does not know.
        case newer(unknown: [String])
        /// Tables of another program, and no record of migrations: a database that is no cache.
        case foreign(tables: [String])
    }

    /// The table recording which migrations have run (named so by the first versions of nytreader, whose
    /// caches must keep opening).
    static let recordTable = "grdb_migrations"

    static func state(_ db: Database) throws -> State {
        let applied = try appliedIdentifiers(db)
        if applied.isEmpty {
            let tables = try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name LIMIT 3")
            if !tables.isEmpty { return .foreign(tables: tables) }
        }
        let known = Set(Schema.identifiers)
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty { return .newer(unknown: unknown.sorted()) }
        return applied == known ? .current : .behind
    }

    /// Migrates `writer`'s database when it is behind; throws `StoreError` for a newer one or another
    /// program's.
    static func migrate(_ writer: some DatabaseWriter, path: String) throws {
        let found = try writer.read(state)
        try refuseUnknown(found, path: path)
        if found == .current { return }
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.exclusive) {
                let found = try state(db)
                try refuseUnknown(found, path: path)
                if found == .current { return .commit }
                try apply(db)
                return .commit
            }
        }
    }

    /// Runs, in order, the migrations `db` has not had, up to and including `last` (all when nil). A new
    /// database brought up to date gets `Schema.current` instead, and the record of every migration;
    /// `stepByStep` makes it go through the migrations too (the tests compare both).
    static func apply(_ db: Database, upTo last: String? = nil, stepByStep: Bool = false) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(recordTable) (identifier TEXT NOT NULL PRIMARY KEY)")
        let applied = try appliedIdentifiers(db)
        if applied.isEmpty, last == nil, !stepByStep {
            try db.execute(sql: Schema.current)
            for identifier in Schema.identifiers { try record(identifier, in: db) }
            return
        }
        for migration in Schema.migrations {
            if !applied.contains(migration.identifier) {
                try migration.migrate(db)
                try record(migration.identifier, in: db)
            }
            if migration.identifier == last { return }
        }
    }

    /// Records in `db` that the migration `identifier` has run.
    private static func record(_ identifier: String, in db: Database) throws {
        try db.execute(sql: "INSERT INTO \(recordTable) (identifier) VALUES (?)", arguments: [identifier])
    }

    /// The migrations recorded in `db` (none for a new database).
    static func appliedIdentifiers(_ db: Database) throws -> Set<String> {
        guard try db.tableExists(recordTable) else { return [] }
        return Set(try String.fetchAll(db, sql: "SELECT identifier FROM \(recordTable)"))
    }

    /// Throws why a database in `state` is not opened (a newer nytreader's cache, another program's
    /// database); returns for a cache this program can open.
    static func refuseUnknown(_ state: State, path: String) throws(StoreError) {
        switch state {
        case .current, .behind:
            return
        case .newer(let unknown):
            throw StoreError(.newerSchema, path: path, cause: "migrations this version does not know: \(unknown.joined(separator: ", "))")
        case .foreign(let tables):
            throw StoreError(
                .corrupt, path: path,
                cause: "a database of another program (tables \(tables.joined(separator: ", "))), not a nytreader cache")
        }
    }
}
