import NewsCore
import SQLite

// The searches a person made, kept as feeds: listing them, adding pages, forgetting them.
extension ArticleStore {
    /// Every search feed in the cache, the most recently refreshed first.
    public func searchFeeds() throws(StoreError) -> [FeedStatus] {
        try read { db in
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT key, articleCount, lastRefreshedAt, origin, lastError, totalHits, pageCount, unreadCount FROM feed
                        WHERE kind = '\(FeedKind.search.rawValue)' ORDER BY COALESCE(lastRefreshedAt, 0) DESC, id DESC
                        """))
            return try rows.compactMap { row in
                guard let feed = Feed(key: try row[0]), case .search = feed else { return nil }
                return try FeedStatus(
                    feed: feed, count: row[1], unreadCount: row[7], lastRefreshedDate: ArticleColumns.date(row[2]),
                    origin: (row[3] as String?).flatMap(FeedOrigin.init(rawValue:)), lastError: row[4],
                    totalHits: row[5], pageCount: row[6]
                )
            }
        }
    }

    /// Stores page `snapshot.pageCount - 1` of a search feed in one transaction, after the articles it lists
    /// already. Nil, and nothing written, when the feed does not hold the pages before it (a refresh started
    /// it again meanwhile).
    @discardableResult
    public func appendPage(_ snapshot: FeedSnapshot) throws(StoreError) -> RefreshChanges? {
        try write { db in
            try FeedWriter(db: db, policy: self.policy).appendPage(snapshot.bounded)
        }
    }

    /// Drops `feed` from the cache, and with it the articles no other feed lists and nobody saved.
    /// Returns how many articles went.
    @discardableResult
    public func forget(_ feed: Feed) throws(StoreError) -> Int {
        if case .archive(let month) = feed { return try forget([month]) }
        defer { try? releaseFreePages() }
        return try write { db in
            guard let feedID = try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE key = ?", arguments: [feed.key]) else {
                return 0
            }
            return try FeedWriter(db: db, policy: self.policy).drop(feedID)
        }
    }

    // MARK: - Requests per day

    /// Counts one request to the NYT API named `api` on `day` (`YYYY-MM-DD`, UTC), forgetting earlier days;
    /// returns the day's count so far.
    @discardableResult
    public func countRequest(api: String, day: String) throws(StoreError) -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM requestCount WHERE day < ?", arguments: [day])
            try db.execute(
                sql: """
                    INSERT INTO requestCount (api, day, count) VALUES (?, ?, 1)
                    ON CONFLICT(api, day) DO UPDATE SET count = count + 1
                    """, arguments: [api, day])
            return try Int.fetchOne(db, sql: "SELECT count FROM requestCount WHERE api = ? AND day = ?", arguments: [api, day]) ?? 0
        }
    }

    /// The requests counted for the NYT API named `api` on `day`.
    public func requestCount(api: String, day: String) throws(StoreError) -> Int {
        try read { db in
            StoredCount.bounded(
                try Int.fetchOne(
                    db.cachedStatement(sql: "SELECT count FROM requestCount WHERE api = ? AND day = ?"), arguments: [api, day]
                ) ?? 0)
        }
    }
}
