import NewsCore
import SQLite

// A refresh of any length in bounded memory: its articles are written aside as they arrive, in a
// temporary table of the connection that writes (private to this process, gone with it), without
// taking the cache's write lock; applying them is then one transaction, as for a refresh held whole.
extension ArticleStore {
    /// Starts setting aside the articles of one refresh.
    public func beginStaging() throws(StoreError) -> StagedRefresh {
        try staging { db in try db.execute(sql: StagedRefresh.createTable) }
        return StagedRefresh.next()
    }

    /// Sets `articles` aside for `refresh`, after those set aside before. Only the temporary table is
    /// written: other processes are never kept waiting.
    public func stage(_ articles: [Article], in refresh: StagedRefresh) throws(StoreError) {
        try staging { db in
            let insert = try db.cachedStatement(sql: StagedRefresh.insertSQL)
            for article in articles {
                try insert.execute(arguments: StatementArguments(refresh.values(of: ArticleBounds.bounded(article))))
            }
        }
    }

    /// Stores `refresh` as one fetch of `snapshot.feed`, exactly as `apply(_:origin:)` stores a snapshot
    /// holding its articles (`snapshot.articles` is not read), in one transaction; then forgets the
    /// articles set aside.
    @discardableResult
    public func apply(_ refresh: StagedRefresh, as snapshot: FeedSnapshot, origin: FeedOrigin) throws(StoreError) -> RefreshChanges {
        defer { discard(refresh) }
        return try write { db in
            try FeedWriter(db: db, policy: self.policy).apply(snapshot, origin: origin) { write in
                var after: Int64 = 0
                let chunk = try db.cachedStatement(sql: StagedRefresh.chunkSQL)
                while true {
                    let rows = try Row.fetchAll(chunk, arguments: [refresh.number, after, StagedRefresh.chunkSize])
                    guard let last = rows.last else { return }
                    after = last[StagedRefresh.rowidIndex]
                    try write(rows.map { ArticleColumns.entry(from: $0).article })
                }
            }
        }
    }

    /// Forgets the articles set aside for `refresh` (after a failed or cancelled fetch).
    public func discard(_ refresh: StagedRefresh) {
        _ = try? staging { db in
            try db.execute(sql: "DELETE FROM temp.stagedArticle WHERE refresh = ?", arguments: [refresh.number])
        }
    }

    /// Runs `body` on the connection that writes, in a transaction that touches the temporary table only.
    private func staging<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.writeWithoutTransaction { db in try db.transaction(.deferred, body) }
        } catch {
            throw Self.failure(error)
        }
    }
}
