import Foundation
import GRDB
import NewsCore

/// The offline cache: articles, feeds and their order, read/saved state, in one SQLite file.
///
/// Every refresh is one write transaction; every read the UI makes is an indexed window, never a whole feed.
public final class ArticleStore: Sendable {
    private let writer: any DatabaseWriter
    private let policy: RetentionPolicy

    /// Opens (creating when needed, mode 0600) the cache at `path` and brings its schema up to date.
    public init(path: String, policy: RetentionPolicy = .standard) throws(StoreError) {
        do {
            try Self.createPrivateFile(at: path)
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.busyMode = .timeout(5)
            let pool = try DatabasePool(path: path, configuration: configuration)
            try Schema.migrator.migrate(pool)
            self.writer = pool
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotOpen(path: path, reason: Self.describe(error))
        }
        self.policy = policy
    }

    /// A cache that lives in memory only (tests, `--offline` dry runs).
    public init(inMemoryWith policy: RetentionPolicy = .standard) throws(StoreError) {
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            let queue = try DatabaseQueue(configuration: configuration)
            try Schema.migrator.migrate(queue)
            self.writer = queue
        } catch {
            throw .cannotOpen(path: ":memory:", reason: Self.describe(error))
        }
        self.policy = policy
    }

    // MARK: - Refresh

    /// Stores one fetch of a feed in a single transaction: upserts its articles (keeping read/saved state),
    /// replaces the feed's membership and order, and prunes what nothing needs any more.
    /// When anything fails, nothing changes.
    @discardableResult
    public func apply(_ snapshot: FeedSnapshot, origin: FeedOrigin) throws(StoreError) -> RefreshChanges {
        try write { db in
            try FeedWriter(db: db, policy: self.policy).apply(snapshot, origin: origin)
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

    /// True when the cache holds no article at all (first launch).
    public func isEmpty() throws(StoreError) -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM article)") ?? true
        }
    }

    /// How many articles `feed` has and when it was last refreshed.
    public func status(of feed: Feed) throws(StoreError) -> FeedStatus {
        try read { db in
            if case .saved = feed {
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article WHERE savedAt IS NOT NULL") ?? 0
                return FeedStatus(feed: feed, count: count)
            }
            guard let row = try Row.fetchOne(
                db,
                sql: "SELECT id, lastRefreshedAt, origin, lastError FROM feed WHERE key = ?",
                arguments: [feed.key]
            ) else {
                return FeedStatus(feed: feed, count: 0)
            }
            let feedID: Int64 = row[0]
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM feedItem WHERE feedId = ?", arguments: [feedID]) ?? 0
            return FeedStatus(
                feed: feed,
                count: count,
                lastRefreshedDate: ArticleColumns.date(row[1]),
                origin: (row[2] as String?).flatMap(FeedOrigin.init(rawValue:)),
                lastError: row[3]
            )
        }
    }

    /// The articles at positions `range` of `feed`, in order. Positions past the end are left out.
    public func entries(in feed: Feed, range: Range<Int>) throws(StoreError) -> [ArticleEntry] {
        guard !range.isEmpty else { return [] }
        return try read { db in
            let statement: Statement
            let arguments: StatementArguments
            if case .saved = feed {
                statement = try db.cachedStatement(sql: """
                    SELECT \(ArticleColumns.selection) FROM article a
                    WHERE a.savedAt IS NOT NULL ORDER BY a.savedAt DESC, a.id DESC LIMIT ? OFFSET ?
                    """)
                arguments = [range.count, range.lowerBound]
            } else {
                statement = try db.cachedStatement(sql: """
                    SELECT \(ArticleColumns.selection) FROM feed f
                    JOIN feedItem fi ON fi.feedId = f.id
                    JOIN article a ON a.id = fi.articleId
                    WHERE f.key = ? AND fi.rank >= ? AND fi.rank < ? ORDER BY fi.rank
                    """)
                arguments = [feed.key, range.lowerBound, range.upperBound]
            }
            return try Row.fetchAll(statement, arguments: arguments).map(ArticleColumns.entry(from:))
        }
    }

    /// Where the article `id` sits in `feed` (0 is first), when it is there.
    public func position(of id: ArticleID, in feed: Feed) throws(StoreError) -> Int? {
        try read { db in
            if case .saved = feed {
                return try Int.fetchOne(db, sql: """
                    SELECT (SELECT COUNT(*) FROM article o
                            WHERE o.savedAt > a.savedAt OR (o.savedAt = a.savedAt AND o.id > a.id))
                    FROM article a WHERE a.uri = ? AND a.savedAt IS NOT NULL
                    """, arguments: [id.rawValue])
            }
            return try Int.fetchOne(db, sql: """
                SELECT fi.rank FROM feed f
                JOIN feedItem fi ON fi.feedId = f.id
                JOIN article a ON a.id = fi.articleId
                WHERE f.key = ? AND a.uri = ?
                """, arguments: [feed.key, id.rawValue])
        }
    }

    /// One article by its `uri`.
    public func entry(for id: ArticleID) throws(StoreError) -> ArticleEntry? {
        try read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT \(ArticleColumns.selection) FROM article a WHERE a.uri = ?",
                arguments: [id.rawValue]
            ).map(ArticleColumns.entry(from:))
        }
    }

    /// The position of the first unread article after `position` in `feed`, wrapping to the start.
    public func firstUnreadPosition(in feed: Feed, after position: Int) throws(StoreError) -> Int? {
        guard feed != .saved else { return nil }
        return try read { db in
            let sql = """
                SELECT fi.rank FROM feed f
                JOIN feedItem fi ON fi.feedId = f.id
                JOIN article a ON a.id = fi.articleId
                WHERE f.key = ? AND fi.rank > ? AND a.readAt IS NULL
                ORDER BY fi.rank LIMIT 1
                """
            if let next = try Int.fetchOne(db, sql: sql, arguments: [feed.key, position]) { return next }
            return try Int.fetchOne(db, sql: sql, arguments: [feed.key, -1])
        }
    }

    /// Unread articles in `feed`.
    public func unreadCount(in feed: Feed) throws(StoreError) -> Int {
        try read { db in
            if case .saved = feed {
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article WHERE savedAt IS NOT NULL AND readAt IS NULL") ?? 0
            }
            return try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM feed f
                JOIN feedItem fi ON fi.feedId = f.id
                JOIN article a ON a.id = fi.articleId
                WHERE f.key = ? AND a.readAt IS NULL
                """, arguments: [feed.key]) ?? 0
        }
    }

    // MARK: - Search

    /// Articles matching every word of `text` (by prefix), best first.
    public func search(_ text: String, limit: Int) throws(StoreError) -> [SearchHit] {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard !words.isEmpty, limit > 0 else { return [] }
        let pattern = words.map { "\"\($0)\"*" }.joined(separator: " ")
        return try read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(ArticleColumns.selection),
                       snippet(articleFTS, -1, char(57344), char(57345), '…', 12)
                FROM articleFTS JOIN article a ON a.id = articleFTS.rowid
                WHERE articleFTS MATCH ? ORDER BY bm25(articleFTS) LIMIT ?
                """, arguments: [pattern, limit]
            ).map { row in SearchHit(entry: ArticleColumns.entry(from: row), snippet: row[15]) }
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
                try db.execute(sql: """
                    UPDATE article SET readAt = ?
                    WHERE readAt IS NULL AND id IN (
                        SELECT fi.articleId FROM feed f JOIN feedItem fi ON fi.feedId = f.id WHERE f.key = ?)
                    """, arguments: [seconds, feed.key])
            }
            return db.changesCount
        }
    }

    /// Marks an article read at `date`, or unread when `date` is nil.
    public func setRead(_ id: ArticleID, at date: Date?) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "UPDATE article SET readAt = ? WHERE uri = ?",
                arguments: [date.map(ArticleColumns.seconds), id.rawValue]
            )
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
                    sql: "INSERT INTO rateLimit (api, blockedUntil) VALUES (?, ?) ON CONFLICT(api) DO UPDATE SET blockedUntil = excluded.blockedUntil",
                    arguments: [api, date.timeIntervalSince1970]
                )
            } else {
                try db.execute(sql: "DELETE FROM rateLimit WHERE api = ?", arguments: [api])
            }
        }
    }

    // MARK: - Plumbing

    private func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw .failed(reason: Self.describe(error))
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try writer.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .failed(reason: Self.describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "SQLite error \(error.resultCode.rawValue)"
        }
        return String(describing: error)
    }

    /// Creates the database file readable by its owner only, before SQLite opens it;
    /// SQLite gives its WAL and shared-memory files the same mode.
    private static func createPrivateFile(at path: String) throws(StoreError) {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
    }
}
