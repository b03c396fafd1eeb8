import GRDB

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
    }

    static func state(_ db: Database) throws -> State {
        guard try db.tableExists("grdb_migrations") else { return .behind }
        let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        let known = Set(Schema.migrations.map(\.identifier))
        let unknown = applied.subtracting(known)
        if !unknown.isEmpty { return .newer(unknown: unknown.sorted()) }
        return applied == known ? .current : .behind
    }

    /// Migrates `writer`'s database when it is behind; throws `StoreError` for a newer one.
    static func migrate(_ writer: some DatabaseWriter, path: String) throws {
        switch try writer.read(state) {
        case .current: return
        case .newer(let unknown): throw newer(path: path, unknown: unknown)
        case .behind: break
        }
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.exclusive) {
                switch try state(db) {
                case .current: return .commit
                case .newer(let unknown): throw newer(path: path, unknown: unknown)
                case .behind: break
                }
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
                for migration in Schema.migrations where !applied.contains(migration.identifier) {
                    try migration.migrate(db)
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
                }
                return .commit
            }
        }
    }

    static func newer(path: String, unknown: [String]) -> StoreError {
        .cannotOpen(path: path, reason: "it was made by a newer nytreader (schema \(unknown.joined(separator: ", "))); use that version, or move the file away to start a new cache")
    }
}
