import FoundationEssentials
import NewsCore
import SQLite

// Months of the NYT's archive: set aside as they arrive, written in publication order, complete only once
// their record is.
extension ArticleStore {
    /// Every month imported whole, newest first.
    public func archiveMonths() throws(StoreError) -> [ArchiveMonthStatus] {
        try read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT month, articleCount, hits, byteCount, completedAt FROM archiveMonth ORDER BY month DESC
                        """)
            ).compactMap { row in
                guard let feed = Feed(key: "archive:" + (try row[0] as String)), case .archive(let month) = feed else { return nil }
                guard let completed = ArticleColumns.date(try row[4]) else {
                    throw DatabaseError.damaged("archiveMonth.completedAt \(row[4])")
                }
                return try ArchiveMonthStatus(month: month, articleCount: row[1], hits: row[2], byteCount: row[3], completedDate: completed)
            }
        }
    }

    /// Months whose import was cut short (killed, failed, or under way in another process), newest first:
    /// their feeds with what they hold so far. Never refreshed, so without a date or an origin.
    public func archiveMonthsInPart() throws(StoreError) -> [FeedStatus] {
        try read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT key, articleCount, unreadCount FROM feed
                        WHERE kind = '\(FeedKind.archive.rawValue)' AND articleCount > 0
                          AND substr(key, \("archive:".count + 1)) NOT IN (SELECT month FROM archiveMonth)
                        ORDER BY key DESC
                        """)
            ).compactMap { row in
                let (key, count, unreadCount): (String, Int, Int) = try (row[0], row[1], row[2])
                return Feed(key: key).map { FeedStatus(feed: $0, count: count, unreadCount: unreadCount) }
            }
        }
    }

    /// Whether `month` was imported whole at `now`: its import completed after the month had ended (an import
    /// of the month under way holds it as far as it had gone, and is not), and the month has ended (an import
    /// dated after it by a clock ahead, of a month still under way, is not whole either).
    public func isComplete(_ month: ArchiveMonth, at now: Date = Date()) throws(StoreError) -> Bool {
        guard now >= month.wholeAfter else { return false }
        return try read { db in
            try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM archiveMonth WHERE month = ? AND completedAt >= ?)"),
                arguments: [month.description, ArticleColumns.seconds(month.wholeAfter)]) ?? false
        }
    }

    /// The articles the month's import under way has listed, on the writing connection (gone with it).
    private static let importListedTable = "CREATE TEMP TABLE IF NOT EXISTS importListed (articleId INTEGER PRIMARY KEY)"

    /// Starts (or starts again) importing `month`, on the writing connection alone (no write lock): what an
    /// earlier import of it set aside is forgotten, and the articles this import lists are noted there
    /// (`importListed`, gone with the process), so that completing it takes out those the month no longer
    /// lists. The cache is not written until the import ends: a month imported whole before, or in part,
    /// stays as it is until then, and as it was when the import is stopped.
    public func beginImport(of month: ArchiveMonth) throws(StoreError) {
        try onWritingConnection { db in
            try StagedMonth.clear(month, in: db)
            try db.execute(sql: Self.importListedTable + "; DELETE FROM importListed;")
        }
    }

    /// Sets aside one batch of `month`'s articles, as the reader shows archived ones (`ArchivedText`), until
    /// the import ends (`completeImport`, or `keepInPart` when it failed): in a temporary table of this
    /// process (`StagedMonth`), without the cache's write lock, so other processes are not kept waiting.
    public func stageBatch(_ articles: [Article], of month: ArchiveMonth) throws(StoreError) {
        try staging { db in
            let insert = try db.cachedStatement(sql: StagedMonth.insertSQL)
            for article in articles {
                let kept = ArchivedText.kept(of: ArticleBounds.bounded(article))
                try insert.execute(arguments: [
                    month.description, ArticleColumns.seconds(kept.publishedDate),
                    DatabaseValue.blob(StagedBatch.encode(CollectionOfOne(kept))),
                ])
            }
        }
    }

    /// Writes the articles `month`'s import set aside to its feed, in publication order, marked as archived;
    /// returns how many the cache did not have. Those new to the cache take consecutive ids in the order
    /// the month lists them (`StagedMonth`). One the cache already has in a fuller version, from a live
    /// feed, keeps it, and one an earlier import wrote takes the new text.
    private func writeStaged(of month: ArchiveMonth, fetchedDate: Date, in db: Database) throws -> Int {
        let writer = FeedWriter(db: db, policy: self.policy)
        let feedID = try writer.feedID(for: .archive(month))
        let partition = ArchiveIndex.partition(forYear: month.year)
        try ArchiveIndex.ensure(partition: partition, in: db)
        try db.execute(sql: StagedMonth.createTable + Self.importListedTable)
        let listed = try db.cachedStatement(sql: "INSERT OR IGNORE INTO importListed SELECT value FROM json_each(?)")
        var inserted = 0
        try StagedMonth.forEachChunk(of: month, in: db) { chunk in
            let appended = try writer.append(
                chunk, to: feedID, fetchedAt: ArticleColumns.seconds(fetchedDate), keepingFullerText: true, ftsPartition: partition)
            try listed.execute(arguments: [JSONList.of(appended.ids)])
            inserted += appended.inserted
        }
        try db.execute(
            sql: """
                UPDATE article SET inArchive = 1
                WHERE inArchive = 0 AND id IN (SELECT articleId FROM feedItem WHERE feedId = ?)
                """, arguments: [feedID])
        try db.execute(sql: StagedMonth.deleteSQL, arguments: [month.description])
        return inserted
    }

    /// Writes what `month`'s import set aside before it failed or fell short of the month (see
    /// `writeStaged`), in one transaction, after what an earlier import of it kept: the month is then
    /// imported in part (`archiveMonthsInPart`), and the next import takes it whole. A month imported whole
    /// before stays as it was. Returns how many articles the cache did not have.
    @discardableResult
    public func keepInPart(of month: ArchiveMonth, fetchedDate: Date) throws(StoreError) -> Int {
        try write { db in
            guard try !Self.isRecorded(month, in: db) else {
                // A month imported whole before stays as it was when a new import of it fails.
                try StagedMonth.clear(month, in: db)
                return 0
            }
            return try writeStaged(of: month, fetchedDate: fetchedDate, in: db)
        }
    }

    /// Whether `month` has its record: it was imported whole once.
    private static func isRecorded(_ month: ArchiveMonth, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM archiveMonth WHERE month = ?)", arguments: [month.description]) ?? false
    }

    /// Forgets what `month`'s import set aside (an import stopped before it ended).
    public func discardStaged(of month: ArchiveMonth) {
        _ = try? onWritingConnection { db in try StagedMonth.clear(month, in: db) }
    }

    /// Ends `month`'s import in one transaction: the articles it set aside written (`writeStaged`), its
    /// articles in publication order (those it no longer lists taken out), its record written. Returns how
    /// many articles the cache did not have.
    /// Until this commits the month is not complete, and a later run imports it again.
    @discardableResult
    public func completeImport(
        of month: ArchiveMonth, hits: Int?, byteCount: Int, fetchedDate: Date, at date: Date
    ) throws(StoreError) -> Int {
        try write { db in
            let inserted = try writeStaged(of: month, fetchedDate: fetchedDate, in: db)
            let writer = FeedWriter(db: db, policy: self.policy)
            let feedID = try writer.feedID(for: .archive(month))
            // A month imported again (`--force`, or one imported before it ended) lists what the NYT lists now:
            // articles the new import did not list go, unless saved or listed by another feed.
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM importListed)") ?? false {
                try writer.removeMembers(of: feedID, where: "articleId NOT IN (SELECT articleId FROM importListed)")
                try db.execute(sql: "DELETE FROM importListed")
            }
            try db.execute(
                sql: """
                    CREATE TEMP TABLE IF NOT EXISTS publicationOrder (rank INTEGER PRIMARY KEY, articleId INTEGER NOT NULL);
                    DELETE FROM publicationOrder;
                    """)
            try db.execute(
                sql: """
                    INSERT INTO publicationOrder (articleId)
                    SELECT fi.articleId FROM feedItem fi JOIN article a ON a.id = fi.articleId
                    WHERE fi.feedId = ? ORDER BY a.publishedAt, a.id
                    """, arguments: [feedID])
            try db.execute(sql: "DELETE FROM feedItem WHERE feedId = ?", arguments: [feedID])
            try db.execute(
                sql: "INSERT INTO feedItem (feedId, rank, articleId) SELECT ?, rank - 1, articleId FROM publicationOrder",
                arguments: [feedID])
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM publicationOrder") ?? 0
            try db.execute(sql: "DELETE FROM publicationOrder")
            let seconds = ArticleColumns.seconds(date)
            try db.execute(
                sql: """
                    UPDATE feed SET origin = 'network', lastRefreshedAt = ?, lastError = NULL, articleCount = ?,
                        unreadCount = (SELECT COUNT(*) FROM feedItem fi JOIN article a ON a.id = fi.articleId
                                       WHERE fi.feedId = ? AND a.readAt IS NULL)
                    WHERE id = ?
                    """, arguments: [seconds, count, feedID, feedID])
            try db.execute(
                sql: """
                    INSERT INTO archiveMonth (month, hits, articleCount, byteCount, completedAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(month) DO UPDATE SET hits = excluded.hits, articleCount = excluded.articleCount,
                        byteCount = excluded.byteCount, completedAt = excluded.completedAt
                    """, arguments: [month.description, hits, count, byteCount, seconds])
            return inserted
        }
    }

    /// Forgets archive months: their feeds, and their articles unless saved or listed by another feed.
    /// A full-text index left with no article is emptied (`ArchiveIndex.clearIfUnused`). Returns how many
    /// articles went.
    @discardableResult
    public func forget(_ months: [ArchiveMonth]) throws(StoreError) -> Int {
        defer { try? releaseFreePages() }
        return try write { db in
            let writer = FeedWriter(db: db, policy: self.policy)
            var removed = 0
            var partitions: Set<Int> = []
            for month in months {
                partitions.formUnion(
                    try Int.fetchAll(
                        db, sql: "SELECT DISTINCT ftsPartition FROM archiveSpan WHERE month = ?", arguments: [month.description]
                    ).map(ArchiveIndex.stored))
                try db.execute(sql: "DELETE FROM archiveMonth WHERE month = ?", arguments: [month.description])
                if let feedID = try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE key = ?", arguments: [Feed.archive(month).key]) {
                    removed += try writer.drop(feedID)
                }
            }
            for partition in partitions {
                // The words of the articles that went would stay in the index's list, which is kept for a
                // search's sake, not worth the pages: the index is searched by prefix from now on, unless
                // it is left empty.
                try ArchiveWords.forget(partition, in: db)
                try ArchiveIndex.clearIfUnused(partition, in: db)
            }
            return removed
        }
    }

    /// The size of the cache file and its write-ahead log, in bytes.
    public func fileSize() throws(StoreError) -> Int {
        try pages().total
    }

    /// The bytes of the cache's pages that hold nothing, kept for later writes: a cache made before
    /// forgetting gave them back (`releaseFreePages`) keeps what forgotten months took.
    public func freeSize() throws(StoreError) -> Int {
        try pages().free
    }

    func pages() throws(StoreError) -> (total: Int, free: Int) {
        try read { db in
            let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            return (pages * pageSize, free * pageSize)
        }
    }

    /// Gives the pages that hold nothing back to the disk, moving the last pages of the file into them
    /// (`PRAGMA incremental_vacuum`, which a cache made with `auto_vacuum = INCREMENTAL` allows; on an
    /// older cache it does nothing): forgetting ten years of the archive shrinks the file.
    func releaseFreePages() throws(StoreError) {
        try onWritingConnection { db in try db.execute(sql: "PRAGMA incremental_vacuum") }
    }
}
