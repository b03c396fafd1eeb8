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
            let articles = held + then
            for start in stride(from: 0, to: articles.count, by: StagedBatch.articlesPerBlob) {
                let batch = articles[start..<min(start + StagedBatch.articlesPerBlob, articles.count)]
                try insert.execute(
                    arguments: StatementArguments([
                        .integer(refresh.number), .integer(Int64(batch.count)), .blob(StagedBatch.encode(batch)),
                    ]))
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
                // Handed on StagedRefresh.chunkSize at a time: each write looks its articles up and indexes
                // them in a few statements, which cost more per article in smaller chunks.
                var after: Int64 = 0
                var chunk: [StoredArticle] = []
                let next = try db.cachedStatement(sql: StagedRefresh.nextBatchSQL)
                while let row = try Row.fetchOne(next, arguments: [refresh.number, after]) {
                    after = try row[0]
                    guard case .blob(let blob) = try row[1] as DatabaseValue else { throw StagedBatch.Damaged() }
                    chunk += try StagedBatch.decode(blob)
                    if chunk.count >= StagedRefresh.chunkSize {
                        try write(chunk)
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
                if !chunk.isEmpty { try write(chunk) }
            }
        }
    }

    /// Forgets the articles taken for `refresh` (after a failed or cancelled fetch).
    public func discard(_ refresh: StagedRefresh) {
        guard refresh.forget() else { return }
        _ = try? staging { db in
            try db.cachedStatement(sql: StagedRefresh.deleteSQL).execute(arguments: [refresh.number])
        }
    }

    /// Runs `body` on the connection that writes, in a transaction that touches the temporary table only.
    func staging<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try onWritingConnection { db in try db.transaction(.deferred, body) }
    }
}
