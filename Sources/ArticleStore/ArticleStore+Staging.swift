import NewsCore
import SQLite

// A refresh of any length in bounded memory: a short one is held in memory as it arrives; once more
// arrive than `StagingBound` allows, its articles are written aside, in a temporary table of the
// connection that writes (private to this process, gone with it), without taking the cache's write lock.
// Applying them is then one transaction, as for a refresh held whole.
extension ArticleStore {
    /// Starts taking the articles of one refresh, holding up to `bound` of them in memory.
    public func beginStaging(holding bound: StagingBound = .standard) -> StagedRefresh {
        StagedRefresh(bound: bound)
    }

    /// Takes `articles` for `refresh`, after those taken before: held in memory, or written to the
    /// temporary table only, so other processes are never kept waiting.
    public func stage(_ articles: [Article], in refresh: StagedRefresh) throws(StoreError) {
        guard case .table(let held, let then, let first) = refresh.hold(articles.map(ArticleBounds.bounded)) else { return }
        try staging { db in
            if first { try db.execute(sql: StagedRefresh.createTable) }
            let insert = try db.cachedStatement(sql: StagedRefresh.insertSQL)
            for article in [held, then].joined() {
                try insert.execute(arguments: StatementArguments(refresh.values(of: article)))
            }
        }
    }

    /// Stores `refresh` as one fetch of `snapshot.feed`, exactly as `apply(_:origin:)` stores a snapshot
    /// holding its articles (`snapshot.articles` is not read), in one transaction; then forgets the
    /// articles taken.
    @discardableResult
    public func apply(_ refresh: StagedRefresh, as snapshot: FeedSnapshot, origin: FeedOrigin) throws(StoreError) -> RefreshChanges {
        defer { discard(refresh) }
        if let held = refresh.takeHeld() {
            var whole = snapshot
            whole.articles = held
            return try write { db in try FeedWriter(db: db, policy: self.policy).apply(whole, origin: origin) }
        }
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

    /// Forgets the articles taken for `refresh` (after a failed or cancelled fetch).
    public func discard(_ refresh: StagedRefresh) {
        guard refresh.forget() else { return }
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
