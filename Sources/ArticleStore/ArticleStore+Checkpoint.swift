import SQLite

extension ArticleStore {
    /// Moves what the write-ahead log holds into the cache file and empties the log, as the last
    /// connection to close does: the file alone then holds every write (a copy of it, or the file opened
    /// `immutable` on a read-only file system). Commands that wrote call it before they end, since the
    /// process may end before every connection has closed. It never waits: what another process's read
    /// keeps in the log stays there for a later checkpoint. Nothing to do for a cache opened read-only or in
    /// memory, and a checkpoint that cannot run is no error (the log is as safe as the file).
    public func checkpoint() {
        _ = try? writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            defer { _ = try? db.execute(sql: "PRAGMA busy_timeout = \(Int(Self.busyTimeout * 1000))") }
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
