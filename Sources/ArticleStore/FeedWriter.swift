import FoundationEssentials
import NewsCore
import SQLite

/// The write side of one refresh, run inside the transaction `ArticleStore.apply` opens.
struct FeedWriter {
    let db: Database
    let policy: RetentionPolicy

    func apply(_ snapshot: FeedSnapshot, origin: FeedOrigin) throws -> RefreshChanges {
        try apply(snapshot, origin: origin) { write in try write(snapshot.articles.map(StoredArticle.init)) }
    }

    /// `apply` for articles read a chunk at a time (a staged refresh): `articles` calls its argument with
    /// each chunk in order; `snapshot.articles` is not read. A uri repeated in a later chunk keeps its first place.
    func apply(
        _ snapshot: FeedSnapshot, origin: FeedOrigin, articles: (([StoredArticle]) throws -> Void) throws -> Void
    ) throws -> RefreshChanges {
        let fetchedAt = ArticleColumns.seconds(snapshot.fetchedDate)
        let feedID = try feedID(for: snapshot.feed)
        var stored = Upserted()
        var seen = Set<ArticleID>()
        try articles { chunk in
            stored.append(
                try upsert(
                    chunk.filter { seen.insert($0.id).inserted }, fetchedAt: fetchedAt, sendsEveryField: Self.sendsEveryField(snapshot.feed)
                ))
        }
        let removed = try replaceMembership(of: feedID, with: stored.ids)
        try db.cachedStatement(
            sql: """
                UPDATE feed SET lastRefreshedAt = ?, origin = ?, lastError = NULL, articleCount = ?, unreadCount = ?,
                    totalHits = ?, pageCount = ?
                WHERE id = ?
                """
        ).execute(arguments: [
            fetchedAt, origin.rawValue, stored.ids.count, stored.unreadCount, snapshot.totalHits, snapshot.pageCount, feedID,
        ])
        try prune(now: fetchedAt, keeping: feedID, byAge: !snapshot.clockDisagrees)
        return RefreshChanges(
            total: stored.ids.count, inserted: stored.inserted, updated: stored.updated, removed: removed, skipped: snapshot.skippedCount
        )
    }

    /// Adds a further page of a search after the articles the feed already lists (those it lists already
    /// keep their place), and records how many pages it now holds and the NYT's count of matches. Nil, and
    /// nothing written, when the feed no longer holds the pages before it (it was refreshed meanwhile).
    func appendPage(_ snapshot: FeedSnapshot) throws -> RefreshChanges? {
        let fetchedAt = ArticleColumns.seconds(snapshot.fetchedDate)
        let feedID = try feedID(for: snapshot.feed)
        let pagesHeld = try Int.fetchOne(db.cachedStatement(sql: "SELECT pageCount FROM feed WHERE id = ?"), arguments: [feedID])
        guard pagesHeld == snapshot.pageCount - 1 else { return nil }
        let appended = try append(snapshot.articles.map(StoredArticle.init), to: feedID, fetchedAt: fetchedAt)
        try db.cachedStatement(
            sql: """
                UPDATE feed SET lastError = NULL, totalHits = COALESCE(?, totalHits), pageCount = MAX(pageCount, ?) WHERE id = ?
                """
        ).execute(arguments: [snapshot.totalHits, snapshot.pageCount, feedID])
        return RefreshChanges(
            total: appended.total, inserted: appended.inserted, updated: appended.updated, removed: 0, skipped: snapshot.skippedCount
        )
    }

    /// Writes `articles` and lists those the feed does not list yet after its last one, keeping its counts.
    /// With `keepingFullerText`, articles the cache has with more than `articles` give (an abstract, a photo
    /// or a thumbnail, which only the live APIs send) keep their text but take the month's paragraph as
    /// their lead (`ArticleMerge.withArchivedParagraph`): an archive month never replaces the fuller
    /// version a live feed cached, and replaces a text an earlier import wrote, newest winning.
    /// New articles are indexed for search in `ftsPartition`'s table (see `ArchiveIndex`).
    func append(
        _ articles: [StoredArticle], to feedID: Int64, fetchedAt: Int64, keepingFullerText: Bool = false, ftsPartition: Int = 0
    ) throws -> (total: Int, inserted: Int, updated: Int, ids: [Int64]) {
        let stored = try upsert(articles, fetchedAt: fetchedAt, keepingFullerText: keepingFullerText, ftsPartition: ftsPartition)
        var (rank, total) =
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT COALESCE(MAX(rank) + 1, 0), COUNT(*) FROM feedItem WHERE feedId = ?"), arguments: [feedID]
            ).map { try ($0[0] as Int, $0[1] as Int) } ?? (0, 0)
        guard rank <= Int.max - stored.ids.count else { throw DatabaseError.damaged("feedItem.rank \(rank)") }
        let isMember = try db.cachedStatement(
            sql: "SELECT 1 FROM feedItem INDEXED BY feedItem_articleId WHERE articleId = ? AND feedId = ?")
        let insert = try db.cachedStatement(sql: "INSERT INTO feedItem (feedId, articleId, rank) VALUES (?, ?, ?)")
        var added = 0
        var addedUnread = 0
        for (id, isUnread) in zip(stored.ids, stored.isUnread) where try Int.fetchOne(isMember, arguments: [id, feedID]) == nil {
            try insert.execute(arguments: [feedID, id, rank])
            rank += 1
            added += 1
            if isUnread { addedUnread += 1 }
        }
        try db.cachedStatement(sql: "UPDATE feed SET articleCount = articleCount + ?, unreadCount = unreadCount + ? WHERE id = ?")
            .execute(arguments: [added, addedUnread, feedID])
        return (total + added, stored.inserted, stored.updated, stored.ids)
    }

    /// Deletes a feed, then the articles it listed that no other feed lists and nobody saved; returns how
    /// many articles went. Articles it listed that stay lose their archive mark unless another archive
    /// month lists them.
    func drop(_ feedID: Int64) throws -> Int {
        let removed = try removeMembers(of: feedID, where: "1")
        try db.execute(sql: "DELETE FROM feed WHERE id = ?", arguments: [feedID])
        return removed
    }

    /// Takes the articles `condition` selects (an SQL expression over `feedItem`'s columns) out of the feed
    /// `feedID`, then deletes those no other feed lists and nobody saved; returns how many articles went.
    /// Those that stay lose their archive mark unless an archive month lists them. The feed's counts are
    /// left to the caller.
    @discardableResult
    func removeMembers(of feedID: Int64, where condition: String) throws -> Int {
        try db.execute(
            sql: """
                CREATE TEMP TABLE IF NOT EXISTS dropped (articleId INTEGER PRIMARY KEY);
                DELETE FROM dropped;
                """)
        try db.execute(sql: "INSERT INTO dropped SELECT articleId FROM feedItem WHERE feedId = ? AND (\(condition))", arguments: [feedID])
        try db.execute(
            sql: "DELETE FROM feedItem WHERE feedId = ? AND articleId IN (SELECT articleId FROM dropped)", arguments: [feedID])
        try db.execute(
            sql: """
                DELETE FROM article WHERE id IN (SELECT articleId FROM dropped)
                  AND savedAt IS NULL
                  AND NOT EXISTS (SELECT 1 FROM feedItem WHERE feedItem.articleId = article.id)
                """)
        let removed = db.changesCount
        try db.execute(
            sql: """
                UPDATE article SET inArchive = 0 WHERE inArchive = 1 AND id IN (SELECT articleId FROM dropped)
                  AND NOT EXISTS (SELECT 1 FROM feedItem JOIN feed ON feed.id = feedItem.feedId
                                  WHERE feedItem.articleId = article.id AND feed.kind = '\(FeedKind.archive.rawValue)')
                """)
        try db.execute(sql: "DELETE FROM dropped")
        return removed
    }

    /// The articles written: their row ids in the snapshot's order (first of each uri), whether each is
    /// unread, and how many were new or changed.
    private struct Upserted {
        var ids: [Int64] = []
        var isUnread: [Bool] = []
        var inserted = 0
        var updated = 0
        var unreadCount: Int { isUnread.lazy.filter { $0 }.count }

        mutating func append(_ other: Upserted) {
            ids += other.ids
            isUnread += other.isUnread
            inserted += other.inserted
            updated += other.updated
        }
    }

    /// Inserts new articles and updates changed ones (keeping read and saved state), with their full-text entries.
    private func upsert(
        _ snapshotArticles: [StoredArticle], fetchedAt: Int64, keepingFullerText: Bool = false, ftsPartition: Int = 0,
        sendsEveryField: Bool = false
    ) throws -> Upserted {
        let articles = Self.firstOfEachURI(snapshotArticles)
        // New rows get ids above every existing one, so the full-text index takes them in one statement.
        let lastID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(id) FROM article")) ?? 0
        guard lastID < Int64.max else { throw DatabaseError.damaged("the article ids are used up: \(lastID)") }
        // A cache with no article (a first refresh) has none to look up: that lookup was a twentieth of it.
        let existing = lastID == 0 ? [:] : try existingArticles(with: articles.map(\.id))
        let firstNewID = lastID + 1
        var result = Upserted()
        result.ids = Array(repeating: 0, count: articles.count)
        result.isUnread = Array(repeating: true, count: articles.count)
        var changed: [(id: Int64, article: StoredArticle)] = []
        var unchanged: [Int64] = []
        var new: [Int] = []
        for (place, article) in articles.enumerated() {
            if let known = existing[article.id] {
                result.ids[place] = known.id
                result.isUnread[place] = !known.isRead
                let merged =
                    keepingFullerText && Self.isFullerThanArchived(known.values)
                    ? ArticleMerge.withArchivedParagraph(cached: known.values, fetched: article.values)
                    : known.merged(with: article, fetchedAt: fetchedAt, sendsEveryField: sendsEveryField)
                if merged != known.values {
                    changed.append((known.id, StoredArticle(id: article.id, values: merged)))
                } else {
                    unchanged.append(known.id)
                }
            } else {
                new.append(place)
            }
        }
        // Looked up once: finding a cached statement hashes and compares its SQL.
        let insert = try db.cachedStatement(sql: Self.insertSQL)
        for place in new {
            result.ids[place] = try self.insert(articles[place], fetchedAt: fetchedAt, ftsPartition: ftsPartition, using: insert)
        }
        result.inserted = new.count
        try touch(unchanged, fetchedAt: fetchedAt)
        if !new.isEmpty {
            let index = ArchiveIndex.table(ftsPartition)
            try ArchiveWords.recording(into: ftsPartition, in: db) {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO \(index) (rowid, title, abstract, leadParagraph, byline)
                        SELECT id, \(ArchiveIndex.indexedText()) FROM article WHERE id >= ?
                        """
                ).execute(arguments: [firstNewID])
            }
        }
        try update(changed, fetchedAt: fetchedAt)
        result.updated = changed.count
        return result
    }

    /// The id of `feed`'s row, created when the feed is new.
    func feedID(for feed: Feed) throws -> Int64 {
        if let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM feed WHERE key = ?"), arguments: [feed.key]) {
            return id
        }
        try db.execute(sql: "INSERT INTO feed (kind, key) VALUES (?, ?)", arguments: [feed.kind.rawValue, feed.key])
        return db.lastInsertedRowID
    }

    /// Whether `feed`'s API sends an article's kicker, subsection and photo whenever it has them (Top
    /// Stories, the Newswire), so that a newer revision without them has had them taken off (`ArticleMerge`).
    private static func sendsEveryField(_ feed: Feed) -> Bool {
        switch feed {
        case .topStories, .latest: return true
        default: return false
        }
    }

    /// `articles` without repeats: when a snapshot lists a `uri` twice, its first place and text count.
    private static func firstOfEachURI(_ articles: [StoredArticle]) -> [StoredArticle] {
        var seen = Set<ArticleID>(minimumCapacity: articles.count)
        return articles.filter { seen.insert($0.id).inserted }
    }

    // MARK: - Articles

    private struct KnownArticle {
        var id: Int64
        var isRead: Bool
        /// The full-text index that holds it (`ArchiveIndex`).
        var partition: Int
        /// The stored values of `ArticleColumns.written`, to compare with a fetched article's.
        var values: [DatabaseValue]

        /// The values to store once `article` is fetched again (`ArticleMerge`).
        func merged(with article: StoredArticle, fetchedAt: Int64, sendsEveryField: Bool) -> [DatabaseValue] {
            ArticleMerge.merged(
                cached: values, fetched: article.values, fetchedAt: fetchedAt, archived: partition != ArchiveIndex.livePartition,
                fetchedSendsEveryField: sendsEveryField)
        }
    }

    /// Whether cached `values` hold more than an archive month's text (`ArchivedText`): an abstract, a
    /// thumbnail or a photo.
    private static func isFullerThanArchived(_ values: [DatabaseValue]) -> Bool {
        [ArticleColumns.writtenAbstractIndex, ArticleColumns.writtenThumbnailIndex, ArticleColumns.writtenPhotoIndex].contains { index in
            !ArticleMerge.isEmpty(values[index])
        }
    }

    /// Runs `body` for `values` in chunks (`JSONList.chunks`), with the `?,?,…` list of each chunk.
    private func forEachChunk(of values: [some DatabaseValueConvertible], _ body: (String, StatementArguments) throws -> Void) throws {
        for chunk in JSONList.chunks(of: values) {
            try body(Array(repeating: "?", count: chunk.count).joined(separator: ","), StatementArguments(Array(chunk)))
        }
    }

    private func existingArticles(with ids: [ArticleID]) throws -> [ArticleID: KnownArticle] {
        var known: [ArticleID: KnownArticle] = [:]
        known.reserveCapacity(ids.count)
        // One statement for any number of uris (a JSON array of them, looked up in both forms), prepared once.
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, \(PackedText.read("uri")), readAt, ftsPartition, \(ArticleColumns.written.map { PackedText.read($0) }.joined(separator: ", "))
                FROM article WHERE \(PackedText.areURIs("article"))
                """)
        for chunk in JSONList.chunks(of: ids) {
            let rows = try Row.fetchCursor(statement, arguments: [JSONList.of(chunk.map(\.rawValue))])
            while let row = try rows.next() {
                var values = Array(row.databaseValues.dropFirst(4))
                // Addresses stored whole by an earlier version are the same addresses stored from their paths.
                if let url = String.fromDatabaseValue(values[ArticleColumns.writtenURLIndex]) {
                    values[ArticleColumns.writtenURLIndex] = ArticleColumns.storedURL(url).databaseValue
                }
                if let thumbnail = String.fromDatabaseValue(values[ArticleColumns.writtenThumbnailIndex]) {
                    values[ArticleColumns.writtenThumbnailIndex] = ArticleColumns.storedImageURL(thumbnail).databaseValue
                }
                known[ArticleID(try row[1] as String)] = try KnownArticle(
                    id: row[0], isRead: !row.hasNull(atIndex: 2), partition: row[3], values: values)
            }
        }
        return known
    }

    /// Inserts one article: `uri`, the `written` columns, `fetchedAt`.
    /// The new row has its final `ftsPartition` and `inArchive` at once: a row that grows after it was
    /// written (1980 takes two bytes where 0 takes none) splits the pages it was packed into, which left
    /// the archive's article pages a tenth empty (docs/performance.md).
    private static let insertSQL: String = {
        let columns = ["uri"] + ArticleColumns.written + ["fetchedAt", "ftsPartition", "inArchive"]
        return """
            INSERT INTO article (\(columns.joined(separator: ", ")))
            VALUES (\(columns.map(PackedText.written).joined(separator: ", ")))
            """
    }()

    /// Updates one article's `written` columns and `fetchedAt`, by `id`.
    private static let updateSQL =
        "UPDATE article SET \((ArticleColumns.written + ["fetchedAt"]).map { "\($0) = \(PackedText.written($0))" }.joined(separator: ", ")) WHERE id = ?"

    /// Inserts `article` with `insert`, the statement of `insertSQL`; returns its row id. An article indexed
    /// in an archive partition (not 0) is archived.
    private func insert(_ article: StoredArticle, fetchedAt: Int64, ftsPartition: Int, using insert: Statement) throws -> Int64 {
        try insert.execute(
            arguments: StatementArguments(
                [article.id.rawValue.databaseValue] + article.values
                    + [
                        fetchedAt.databaseValue, ftsPartition.databaseValue,
                        (ftsPartition == ArchiveIndex.livePartition ? 0 : 1).databaseValue,
                    ]
            ))
        let id = db.lastInsertedRowID
        try indexCJK(of: article, id: id)
        return id
    }

    /// Replaces the text of `changed` articles, and their entries in the full-text indexes
    /// (taken out with the old text, put back with the new, one statement per chunk).
    private func update(_ changed: [(id: Int64, article: StoredArticle)], fetchedAt: Int64) throws {
        guard !changed.isEmpty else { return }
        let ids = changed.map(\.id)
        // Each article is taken out of, and put back into, the index that holds it (`ArchiveIndex`).
        var partitions: [Int] = []
        try forEachChunk(of: ids) { placeholders, arguments in
            partitions += try Int.fetchAll(
                db.cachedStatement(sql: "SELECT DISTINCT ftsPartition FROM article WHERE id IN (\(placeholders))"), arguments: arguments
            ).map(ArchiveIndex.stored)
        }
        let held = Set(partitions).sorted().map { ($0, ArchiveIndex.table($0)) }
        try forEachChunk(of: ids) { placeholders, arguments in
            for (partition, index) in held {
                try db.cachedStatement(
                    sql: """
                        INSERT INTO \(index) (\(index), rowid, title, abstract, leadParagraph, byline)
                        SELECT 'delete', id, \(ArchiveIndex.indexedText()) FROM article
                        WHERE id IN (\(placeholders)) AND ftsPartition = \(partition)
                        """
                ).execute(arguments: arguments)
            }
            try db.cachedStatement(sql: "DELETE FROM articleCJK WHERE rowid IN (\(placeholders))").execute(arguments: arguments)
        }
        let update = try db.cachedStatement(sql: Self.updateSQL)
        for (id, article) in changed {
            try self.update(id, with: article, fetchedAt: fetchedAt, using: update)
        }
        try forEachChunk(of: ids) { placeholders, arguments in
            for (partition, index) in held {
                try ArchiveWords.recording(into: partition, in: db) {
                    try db.cachedStatement(
                        sql: """
                            INSERT INTO \(index) (rowid, title, abstract, leadParagraph, byline)
                            SELECT id, \(ArchiveIndex.indexedText()) FROM article
                            WHERE id IN (\(placeholders)) AND ftsPartition = \(partition)
                            """
                    ).execute(arguments: arguments)
                }
            }
        }
    }

    /// Writes `article`'s text over row `id` with `update`, the statement of `updateSQL`.
    private func update(_ id: Int64, with article: StoredArticle, fetchedAt: Int64, using update: Statement) throws {
        try update.execute(
            arguments: StatementArguments(
                article.values + [fetchedAt.databaseValue, id.databaseValue]
            ))
        try indexCJK(of: article, id: id)
    }

    /// Marks articles fetched again, unchanged, as fetched at `fetchedAt`: one statement for all of them.
    private func touch(_ ids: [Int64], fetchedAt: Int64) throws {
        guard !ids.isEmpty else { return }
        try db.cachedStatement(sql: "UPDATE article SET fetchedAt = ? WHERE id IN (SELECT value FROM json_each(?))")
            .execute(arguments: [fetchedAt, JSONList.of(ids)])
    }

    /// Adds the article's CJK text, if any, to the bigram index.
    private func indexCJK(of article: StoredArticle, id: Int64) throws {
        let bigrams = CJKText.indexText(of: article.indexedText)
        guard !bigrams.isEmpty else { return }
        try db.cachedStatement(sql: "INSERT INTO articleCJK (rowid, bigrams) VALUES (?, ?)")
            .execute(arguments: [id, bigrams])
    }

    // MARK: - Membership and pruning

    /// Replaces the feed's members with `articleIDs` ranked 0, 1, 2…; returns how many members left the feed.
    private func replaceMembership(of feedID: Int64, with articleIDs: [Int64]) throws -> Int {
        let previous = try Set(
            Int64.fetchAll(
                db.cachedStatement(sql: "SELECT articleId FROM feedItem WHERE feedId = ?"),
                arguments: [feedID]
            ))
        try db.cachedStatement(sql: "DELETE FROM feedItem WHERE feedId = ?").execute(arguments: [feedID])
        // Ranked by their place in the array (json_each's `key`: 0, 1, 2…).
        try db.cachedStatement(sql: "INSERT INTO feedItem (feedId, articleId, rank) SELECT ?, value, key FROM json_each(?)")
            .execute(arguments: [feedID, JSONList.of(articleIDs)])
        return previous.subtracting(articleIDs).count
    }

    /// Drops search feeds not refreshed within the retention window, then deletes articles in no feed, not
    /// saved and not fetched within the window, then the oldest unsaved articles in no feed while more than
    /// `policy.maximumUnsavedArticles` unsaved articles remain. Articles a feed lists are never deleted.
    /// Without `byAge` (this machine's clock is not the server's) only the count is held.
    private func prune(now: Int64, keeping feedID: Int64, byAge: Bool) throws {
        if byAge { try pruneByAge(now: now, keeping: feedID) }
        try pruneByCount()
    }

    private func pruneByAge(now: Int64, keeping feedID: Int64) throws {
        let cutoff = now - Int64(policy.retention.rounded(.down))
        try db.cachedStatement(sql: "DELETE FROM feed WHERE kind = '\(FeedKind.search.rawValue)' AND lastRefreshedAt < ? AND id != ?")
            .execute(arguments: [cutoff, feedID])
        try db.cachedStatement(
            sql: """
                DELETE FROM article INDEXED BY article_fetchedAt_live
                WHERE fetchedAt < ? AND inArchive = 0 AND savedAt IS NULL
                  AND NOT EXISTS (SELECT 1 FROM feedItem WHERE feedItem.articleId = article.id)
                """
        ).execute(arguments: [cutoff])
    }

    private func pruneByCount() throws {
        // Archive articles are counted apart and never pruned: every query here reads the index of the others.
        let unsaved =
            try Int.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT (SELECT COUNT(*) FROM article INDEXED BY article_fetchedAt_live WHERE inArchive = 0)
                             - (SELECT COUNT(*) FROM article WHERE savedAt IS NOT NULL AND inArchive = 0)
                        """)) ?? 0
        let excess = unsaved - policy.maximumUnsavedArticles
        guard excess > 0 else { return }
        try db.cachedStatement(
            sql: """
                DELETE FROM article WHERE id IN (
                    SELECT id FROM article INDEXED BY article_fetchedAt_live
                    WHERE inArchive = 0 AND savedAt IS NULL
                      AND NOT EXISTS (SELECT 1 FROM feedItem WHERE feedItem.articleId = article.id)
                    ORDER BY fetchedAt, id LIMIT ?)
                """
        ).execute(arguments: [excess])
    }
}
