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
        fileIdentity = CacheFileIdentity(path: path)
    }

    /// A cache that lives in memory only (tests, `--offline` dry runs).
    public init(inMemoryWith policy: RetentionPolicy = .standard) throws(StoreError) {
        path = ":memory:"
        self.policy = policy
        writer = try CacheOpening.openInMemory()
        fileIdentity = nil
    }

    /// The file opened, checked before each write and each look for outside changes: nil in memory.
    let fileIdentity: CacheFileIdentity?

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
        try onWritingConnection { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// True when the cache holds no article at all (first launch).
    public func isEmpty() throws(StoreError) -> Bool {
        try read(Self.holdsNoArticle)
    }

    /// Whether `db` holds no article at all.
    static func holdsNoArticle(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM article)") ?? true
    }

    /// How many articles `feed` has, how many are unread, and when it was last refreshed.
    public func status(of feed: Feed) throws(StoreError) -> FeedStatus {
        try read { db in try Self.status(of: feed, in: db) }
    }

    private static func status(of feed: Feed, in db: Database) throws -> FeedStatus {
        if case .archiveMatches(let matches) = feed {
            let list = try ArchiveMatchList(db: db, matches: matches)
            return FeedStatus(feed: feed, count: try list.count(), unreadCount: try list.unreadCount())
        }
        if case .saved = feed {
            return FeedStatus(
                feed: feed, count: try Int.fetchOne(db.cachedStatement(sql: ReadQueries.savedCount)) ?? 0,
                unreadCount: try Int.fetchOne(db.cachedStatement(sql: ReadQueries.savedUnreadCount)) ?? 0
            )
        }
        guard let row = try Row.fetchOne(db.cachedStatement(sql: ReadQueries.feedStatus), arguments: [feed.key]) else {
            return FeedStatus(feed: feed, count: 0)
        }
        return try FeedStatus(
            feed: feed,
            count: row[0],
            unreadCount: row[6],
            lastRefreshedDate: ArticleColumns.date(row[1]),
            origin: (row[2] as String?).flatMap(FeedOrigin.init(rawValue:)),
            lastError: row[3],
            totalHits: row[4],
            pageCount: row[5]
        )
    }

    /// The articles at positions `range` of `feed` as `filter` shows it, in order; positions past the end
    /// are left out. All articles are read from the index on (feed, rank): as fast at the end of a
    /// 100k-article feed as at its start; unread ones walk the feed's index up to the window.
    public func entries(in feed: Feed, range: Range<Int>, filter: FeedFilter = .all) throws(StoreError) -> [ArticleEntry] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        return try read { db in
            if case .archiveMatches(let matches) = feed {
                return try ArchiveMatchList(db: db, matches: matches).entries(range)
            }
            let kept = filter.keeping?.rawValue ?? ""
            let rows: [Row]
            switch (feed, filter.unreadOnly) {
            case (.saved, false):
                rows = try Row.fetchAll(db.cachedStatement(sql: ReadQueries.savedWindow), arguments: [range.count, range.lowerBound])
            case (.saved, true):
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: ReadQueries.savedUnreadWindow), arguments: [kept, range.count, range.lowerBound]
                )
            case (_, false):
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: ReadQueries.feedWindow),
                    arguments: [feed.key, range.lowerBound, range.upperBound]
                )
            case (_, true):
                rows = try Row.fetchAll(
                    db.cachedStatement(sql: ReadQueries.feedUnreadWindow), arguments: [feed.key, kept, range.count, range.lowerBound]
                )
            }
            return try rows.map(ArticleColumns.entry(from:))
        }
    }

    /// How many articles `feed` shows through `filter`: the counts the cache keeps, plus the article kept
    /// when it is read.
    public func count(in feed: Feed, filter: FeedFilter) throws(StoreError) -> Int {
        try read { db in
            // An archive period's matches are listed whole: the unread-only view does not apply to them.
            if case .archiveMatches(let matches) = feed { return try ArchiveMatchList(db: db, matches: matches).count() }
            let status = try Self.status(of: feed, in: db)
            guard filter.unreadOnly else { return status.count }
            guard let kept = filter.keeping else { return status.unreadCount }
            let keptIsRead: Bool?
            if case .saved = feed {
                keptIsRead = try Bool.fetchOne(
                    db.cachedStatement(
                        sql:
                            "SELECT readAt IS NOT NULL FROM article WHERE \(PackedText.isURI("article", parameter: 1)) AND savedAt IS NOT NULL"
                    ),
                    arguments: [kept.rawValue]
                )
            } else {
                keptIsRead = try Row.fetchOne(
                    db.cachedStatement(sql: ReadQueries.feedRankAndRead), arguments: [feed.key, kept.rawValue]
                ).map { try $0[1] as Bool }
            }
            return status.unreadCount + (keptIsRead == true ? 1 : 0)
        }
    }

    /// Where the article `id` sits in `feed` as `filter` shows it (0 is first), when it is there.
    public func position(of id: ArticleID, in feed: Feed, filter: FeedFilter = .all) throws(StoreError) -> Int? {
        try read { db in
            if case .archiveMatches(let matches) = feed {
                return try ArchiveMatchList(db: db, matches: matches).position(of: id.rawValue)
            }
            let kept = filter.keeping?.rawValue ?? ""
            switch (feed, filter.unreadOnly) {
            case (.saved, false):
                return try Int.fetchOne(db.cachedStatement(sql: ReadQueries.savedPosition), arguments: [id.rawValue])
            case (.saved, true):
                return try Int.fetchOne(
                    db.cachedStatement(sql: ReadQueries.savedUnreadPosition), arguments: [kept, id.rawValue, kept]
                )
            case (_, false):
                return try Int.fetchOne(db.cachedStatement(sql: ReadQueries.feedPosition), arguments: [feed.key, id.rawValue])
            case (_, true):
                guard
                    let row = try Row.fetchOne(
                        db.cachedStatement(sql: ReadQueries.feedRankAndRead), arguments: [feed.key, id.rawValue]
                    )
                else { return nil }
                let (rank, isRead): (Int, Bool) = try (row[0], row[1])
                guard !isRead || id == filter.keeping else { return nil }
                return try Int.fetchOne(db.cachedStatement(sql: ReadQueries.feedUnreadBefore), arguments: [feed.key, kept, rank])
            }
        }
    }

    /// One article by its `uri`.
    public func entry(for id: ArticleID) throws(StoreError) -> ArticleEntry? {
        try read { db in
            try Row.fetchOne(db.cachedStatement(sql: ReadQueries.byURI), arguments: [id.rawValue])
                .map(ArticleColumns.entry(from:))
        }
    }

    /// One article by its web address (the first stored, when several have it). An NYT address is
    /// looked for as it is stored now (from its path) and as caches written before stored it (whole).
    public func entry(forURL url: String) throws(StoreError) -> ArticleEntry? {
        try read { db in
            let statement = try db.cachedStatement(sql: ReadQueries.byURL)
            let forms = Set([ArticleColumns.storedURL(url), url])
            let rows = try forms.flatMap { try Row.fetchAll(statement, arguments: [$0, $0]) }
            return try rows.min { try ($0["id"] as Int64) < ($1["id"] as Int64) }.map(ArticleColumns.entry(from:))
        }
    }

    /// The position of the first unread article after `position` in `feed`, wrapping to the start.
    public func firstUnreadPosition(in feed: Feed, after position: Int) throws(StoreError) -> Int? {
        guard feed != .saved else { return nil }
        return try read { db in
            if case .archiveMatches(let matches) = feed {
                return try ArchiveMatchList(db: db, matches: matches).firstUnreadPosition(after: position)
            }
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
        try read { db in try Self.keptCounts(db).mapValues(\.unread) }
    }

    /// The unread and total counts of every feed the cache holds, by feed key (`saved` for the saved
    /// articles), and whether its last refresh failed: what is kept beside each feed, read without reading
    /// a feed.
    public func feedCounts() throws(StoreError) -> [String: FeedCounts] {
        try read { db in
            var counts = try Self.keptCounts(db)
            counts[Feed.saved.key] = FeedCounts(
                unread: try Int.fetchOne(db.cachedStatement(sql: ReadQueries.savedUnreadCount)) ?? 0,
                total: try Int.fetchOne(db.cachedStatement(sql: ReadQueries.savedCount)) ?? 0
            )
            return counts
        }
    }

    /// The counts kept beside every feed row (one row per feed: a few hundred at most).
    private static func keptCounts(_ db: Database) throws -> [String: FeedCounts] {
        var counts: [String: FeedCounts] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT key, unreadCount, articleCount, lastError IS NOT NULL FROM feed"))
        while let row = try rows.next() {
            try counts[row[0]] = FeedCounts(unread: row[1], total: row[2], lastRefreshFailed: row[3])
        }
        return counts
    }

    // MARK: - Search

    /// Articles matching every word of `text` (ignoring case and accents; the last word, the one being
    /// typed, by prefix when it has three letters or more and no space follows it, the others as whole
    /// words, or when that finds nothing, every word of three letters or more by prefix; CJK text by any
    /// part), best first by `nytrank` (bm25 without document frequencies) with title matches weighing
    /// most (among the 1,000 most recently stored matches), each with a short snippet whose matched words
    /// are wrapped in
    /// `SearchHit.highlightStart`/`highlightEnd`. Any text is safe: it is never a query.
    /// - Parameter feed: the feed whose articles are searched; nil for every article cached.
    public func search(_ text: String, in feed: Feed? = nil, limit: Int) throws(StoreError) -> [SearchHit] {
        let terms = SearchTerms(text)
        guard !terms.isEmpty, limit > 0 else { return [] }
        return try read { db in
            try ArticleSearch(db: db, feed: feed, pool: writer).hits(for: terms, limit: limit)
        }
    }

    // MARK: - Read and saved state

    /// Marks every article of `feed` read at `date`; returns how many were unread. With `shown` (the
    /// feed's status as the reader showed it), only when the feed is still as shown, in the same
    /// transaction: nil, and nothing marked, when another process's refresh changed it meanwhile (its
    /// articles, or when it was refreshed), so that articles nobody saw are not marked read.
    @discardableResult
    public func markAllRead(in feed: Feed, at date: Date, asShown shown: FeedStatus? = nil) throws(StoreError) -> Int? {
        try write { db in
            if let shown {
                let current = try Self.status(of: feed, in: db)
                guard current.count == shown.count, current.lastRefreshedDate == shown.lastRefreshedDate else { return nil }
            }
            let seconds = ArticleColumns.seconds(date)
            if case .archiveMatches(let matches) = feed {
                return try ArchiveMatchList(db: db, matches: matches).markAllRead(at: seconds)
            }
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
                    db.cachedStatement(sql: "SELECT id, readAt IS NULL FROM article WHERE \(PackedText.isURI("article", parameter: 1))"),
                    arguments: [id.rawValue]
                )
            else { throw StoreError(.articleGone, path: self.path, cause: "no article \(id.rawValue)") }
            let articleID: Int64 = try row[0]
            let wasUnread: Bool = try row[1]
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
                sql: "UPDATE article SET savedAt = ? WHERE \(PackedText.isURI("article", parameter: 2))",
                arguments: [date.map(ArticleColumns.seconds), id.rawValue]
            )
            guard db.changesCount > 0 else { throw StoreError(.articleGone, path: self.path, cause: "no article \(id.rawValue)") }
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
        try fileIdentity?.ensureInPlace()
        do {
            return try writer.write(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Runs `body` on the connection that writes, outside any transaction of `write`'s (a pragma, or a
    /// transaction `body` opens itself), once the file is checked to be the one opened.
    func onWritingConnection<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try fileIdentity?.ensureInPlace()
        do {
            return try writer.writeWithoutTransaction(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
