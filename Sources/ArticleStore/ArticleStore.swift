import FoundationEssentials
import Glibc
import NewsCore
import SQLite

/// The offline cache: articles, feeds and their order, read/saved state, in one SQLite file.
///
/// Every refresh is one write transaction; every read the UI makes is an indexed window, never a whole feed.
public final class ArticleStore: Sendable {
    /// The database; internal so tests can inspect query plans and inject failures.
    let writer: any DatabaseWriter
    let policy: RetentionPolicy

    /// How a command uses the cache.
    public enum Access: Sendable {
        /// Reads and writes (the reader, `refresh`): the schema is brought up to date.
        case readWrite
        /// Reads only (`list`, `search`): the cache is opened read-only, so these work on a read-only file
        /// system and never wait for a writer; a cache that is missing, empty or behind is opened read-write
        /// instead, to be created or brought up to date.
        case readOnlyWhenReady
    }

    /// Writers wait this long for another process's write transaction before the cache is reported busy.
    public static let busyTimeout: TimeInterval = 5

    /// How many reads of the cache can run at once, each on a connection of its own.
    public static let readingConnections = 2

    /// The cache file (`:memory:` for a cache in memory), named in errors.
    let path: String

    /// Opens the cache at `path`. Read-write: missing directories are created 0700, the database and its
    /// `-wal` and `-shm` files are kept 0600, and the schema is brought up to date. A symbolic link at
    /// `path` is refused (nothing is created or changed through it).
    public init(path: String, policy: RetentionPolicy = .standard, access: Access = .readWrite) throws(StoreError) {
        self.path = path
        self.policy = policy
        writer = try CacheOpening.open(path: path, access: access)
    }

    /// A cache that lives in memory only (tests, `--offline` dry runs).
    public init(inMemoryWith policy: RetentionPolicy = .standard) throws(StoreError) {
        path = ":memory:"
        self.policy = policy
        writer = try CacheOpening.openInMemory()
    }

    // MARK: - Refresh

    /// Stores one fetch of a feed in a single transaction: upserts its articles (keeping read/saved state),
    /// replaces the feed's membership and order, and prunes what nothing needs any more.
    /// When anything fails, nothing changes.
    @discardableResult
    public func apply(_ snapshot: FeedSnapshot, origin: FeedOrigin) throws(StoreError) -> RefreshChanges {
        try write { db in
            try FeedWriter(db: db, policy: self.policy).apply(snapshot.bounded, origin: origin)
        }
    }

    /// Stores the first-run snapshots when the cache holds no article, all in one transaction: a failure
    /// (a full disk, a kill) leaves nothing half-imported, and a second process waits for the first and
    /// then finds the cache filled. A cache that holds articles is recognised with a read, without the write
    /// lock. `snapshots` is evaluated only for an empty cache. Returns how many articles were stored.
    @discardableResult
    public func importIfEmpty(_ snapshots: () throws -> [FeedSnapshot]) throws(StoreError) -> Int {
        guard try isEmpty() else { return 0 }
        return try write { db in
            guard try Self.holdsNoArticle(db) else { return 0 }
            let writer = FeedWriter(db: db, policy: self.policy)
            return try snapshots().reduce(0) { total, snapshot in try total + writer.apply(snapshot.bounded, origin: .bundled).total }
        }
    }

    /// Notes that a refresh of `feed` failed, without touching its articles.
    public func recordFailure(of feed: Feed, message: String) throws(StoreError) {
        try write { db in
            let feedID = try FeedWriter(db: db, policy: self.policy).feedID(for: feed)
            try db.execute(sql: "UPDATE feed SET lastError = ? WHERE id = ?", arguments: [message, feedID])
        }
    }

    // MARK: - Reads

    /// A number that changes whenever another connection (another process) commits a change to the cache;
    /// this store's own writes leave it as it is. SQLite's `PRAGMA data_version`, read on the connection
    /// that writes.
    public func outsideChangeCount() throws(StoreError) -> Int {
        do {
            return try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// True when the cache holds no article at all (first launch).
    public func isEmpty() throws(StoreError) -> Bool {
        try read(Self.holdsNoArticle)
    }

    /// Whether `db` holds no article at all.
    static func holdsNoArticle(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM article)") ?? true
    }

    /// How many articles `feed` has and when it was last refreshed.
    public func status(of feed: Feed) throws(StoreError) -> FeedStatus {
        try read { db in
            if case .saved = feed {
                return FeedStatus(feed: feed, count: try Int.fetchOne(db.cachedStatement(sql: ReadQueries.savedCount)) ?? 0)
            }
            guard let row = try Row.fetchOne(db.cachedStatement(sql: ReadQueries.feedStatus), arguments: [feed.key]) else {
                return FeedStatus(feed: feed, count: 0)
            }
            return FeedStatus(
                feed: feed,
                count: row[0],
                lastRefreshedDate: ArticleColumns.date(row[1]),
                origin: (row[2] as String?).flatMap(FeedOrigin.init(rawValue:)),
                lastError: row[3],
                totalHits: row[4],
                pageCount: row[5]
            )
        }
    }

    /// The articles at positions `range` of `feed`, in order; positions past the end are left out.
    /// Read from the index on (feed, rank): as fast at the end of a 100k-article feed as at its start.
    public func entries(in feed: Feed, range: Range<Int>) throws(StoreError) -> [ArticleEntry] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        return try read { db in
            let rows: [Row]
            if case .saved = feed {
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: ReadQueries.savedWindow),
                    arguments: [range.count, range.lowerBound]
                )
            } else {
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: ReadQueries.feedWindow),
                    arguments: [feed.key, range.lowerBound, range.upperBound]
                )
            }
            return rows.map(ArticleColumns.entry(from:))
        }
    }

    /// Where the article `id` sits in `feed` (0 is first), when it is there.
    public func position(of id: ArticleID, in feed: Feed) throws(StoreError) -> Int? {
        try read { db in
            if case .saved = feed {
                return try Int.fetchOne(db.cachedStatement(sql: ReadQueries.savedPosition), arguments: [id.rawValue])
            }
            return try Int.fetchOne(db.cachedStatement(sql: ReadQueries.feedPosition), arguments: [feed.key, id.rawValue])
        }
    }

    /// One article by its `uri`.
    public func entry(for id: ArticleID) throws(StoreError) -> ArticleEntry? {
        try read { db in
            try Row.fetchOne(db.cachedStatement(sql: ReadQueries.byURI), arguments: [id.rawValue])
                .map(ArticleColumns.entry(from:))
        }
    }

    /// One article by its web address.
    public func entry(forURL url: String) throws(StoreError) -> ArticleEntry? {
        try read { db in
            try Row.fetchOne(db.cachedStatement(sql: ReadQueries.byURL), arguments: [url]).map(ArticleColumns.entry(from:))
        }
    }

    /// The position of the first unread article after `position` in `feed`, wrapping to the start.
    public func firstUnreadPosition(in feed: Feed, after position: Int) throws(StoreError) -> Int? {
        guard feed != .saved else { return nil }
        return try read { db in
            let unread = try Int.fetchOne(db.cachedStatement(sql: ReadQueries.feedUnreadCount), arguments: [feed.key]) ?? 0
            guard unread > 0 else { return nil }
            let statement = try db.cachedStatement(sql: ReadQueries.nextUnread)
            if let next = try Int.fetchOne(statement, arguments: [feed.key, position]) { return next }
            return try Int.fetchOne(statement, arguments: [feed.key, -1])
        }
    }

    /// Unread articles in `feed` (kept as a count, so this does not read the feed).
    public func unreadCount(in feed: Feed) throws(StoreError) -> Int {
        try read { db in
            if case .saved = feed {
                return try Int.fetchOne(db.cachedStatement(sql: ReadQueries.savedUnreadCount)) ?? 0
            }
            return try Int.fetchOne(db.cachedStatement(sql: ReadQueries.feedUnreadCount), arguments: [feed.key]) ?? 0
        }
    }

    /// Unread articles of every cached feed, by feed key (e.g. `top:world`).
    public func unreadCounts() throws(StoreError) -> [String: Int] {
        try read { db in
            var counts: [String: Int] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT key, unreadCount FROM feed")
            while let row = try rows.next() {
                counts[row[0]] = row[1]
            }
            return counts
        }
    }

    // MARK: - Search

    /// Articles matching every word of `text` (ignoring case and accents; the last word, the one being
    /// typed, by prefix when it has three letters or more and no space follows it, the others as whole
    /// words, or when that finds nothing, every word of three letters or more by prefix; CJK text by any
    /// part), best first by `nytrank` (bm25 without document frequencies) with title matches weighing
    /// most (among the 1,000 most recently stored matches), each with a short snippet whose matched words
    /// are wrapped in
    /// `SearchHit.highlightStart`/`highlightEnd`. Any text is safe: it is never a query.
    public func search(_ text: String, limit: Int) throws(StoreError) -> [SearchHit] {
        let terms = SearchTerms(text)
        guard !terms.isEmpty, limit > 0 else { return [] }
        return try read { db in
            try ArticleSearch(db: db).hits(for: terms, limit: limit)
        }
    }

    // MARK: - Read and saved state

    /// Marks every article of `feed` read at `date`; returns how many were unread.
    @discardableResult
    public func markAllRead(in feed: Feed, at date: Date) throws(StoreError) -> Int {
        try write { db in
            let seconds = ArticleColumns.seconds(date)
            if case .saved = feed {
                try db.execute(sql: "UPDATE article SET readAt = ? WHERE savedAt IS NOT NULL AND readAt IS NULL", arguments: [seconds])
            } else {
                try db.execute(
                    sql: """
                        UPDATE article SET readAt = ?
                        WHERE readAt IS NULL AND id IN (
                            SELECT fi.articleId FROM feed f JOIN feedItem fi ON fi.feedId = f.id WHERE f.key = ?)
                        """, arguments: [seconds, feed.key])
            }
            let marked = db.changesCount
            if marked > 0 {
                // This feed has nothing unread now; feeds sharing its articles are counted again.
                try db.execute(sql: "UPDATE feed SET unreadCount = 0 WHERE key = ?", arguments: [feed.key])
                try db.execute(
                    sql: """
                        UPDATE feed SET unreadCount = (
                            SELECT COUNT(*) FROM feedItem JOIN article ON article.id = feedItem.articleId
                            WHERE feedItem.feedId = feed.id AND article.readAt IS NULL)
                        WHERE unreadCount > 0
                        """)
            }
            return marked
        }
    }

    /// Marks an article read at `date`, or unread when `date` is nil.
    public func setRead(_ id: ArticleID, at date: Date?) throws(StoreError) {
        try write { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT id, readAt IS NULL FROM article WHERE uri = ?"),
                    arguments: [id.rawValue]
                )
            else { return }
            let articleID: Int64 = row[0]
            let wasUnread: Bool = row[1]
            try db.cachedStatement(sql: "UPDATE article SET readAt = ? WHERE id = ?")
                .execute(arguments: [date.map(ArticleColumns.seconds), articleID])
            let isUnread = date == nil
            guard wasUnread != isUnread else { return }
            try db.cachedStatement(
                sql: """
                    UPDATE feed SET unreadCount = unreadCount + ?
                    WHERE id IN (SELECT feedId FROM feedItem WHERE articleId = ?)
                    """
            ).execute(arguments: [isUnread ? 1 : -1, articleID])
        }
    }

    /// Saves an article at `date`, or unsaves it when `date` is nil.
    public func setSaved(_ id: ArticleID, at date: Date?) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "UPDATE article SET savedAt = ? WHERE uri = ?",
                arguments: [date.map(ArticleColumns.seconds), id.rawValue]
            )
        }
    }

    // MARK: - Rate limits

    /// Until when the NYT API named `api` refuses requests, when a limit was recorded.
    public func blockedUntil(api: String) throws(StoreError) -> Date? {
        try read { db in
            try Double.fetchOne(
                db.cachedStatement(sql: "SELECT blockedUntil FROM rateLimit WHERE api = ?"),
                arguments: [api]
            ).map(Date.init(timeIntervalSince1970:))
        }
    }

    /// Records until when the NYT API named `api` refuses requests; nil forgets the limit.
    public func setBlockedUntil(_ date: Date?, api: String) throws(StoreError) {
        try write { db in
            if let date {
                try db.execute(
                    sql:
                        "INSERT INTO rateLimit (api, blockedUntil) VALUES (?, ?) ON CONFLICT(api) DO UPDATE SET blockedUntil = excluded.blockedUntil",
                    arguments: [api, date.timeIntervalSince1970]
                )
            } else {
                try db.execute(sql: "DELETE FROM rateLimit WHERE api = ?", arguments: [api])
            }
        }
    }

    // MARK: - Plumbing

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.write(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
