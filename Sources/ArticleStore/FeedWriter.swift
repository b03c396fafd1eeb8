import Foundation
import GRDB
import NewsCore

/// The write side of one refresh, run inside the transaction `ArticleStore.apply` opens.
struct FeedWriter {
    let db: Database
    let policy: RetentionPolicy

    func apply(_ snapshot: FeedSnapshot, origin: FeedOrigin) throws -> RefreshChanges {
        let fetchedAt = ArticleColumns.seconds(snapshot.fetchedDate)
        let feedID = try feedID(for: snapshot.feed)
        let existing = try existingArticles(with: snapshot.articles.map(\.id))

        var articleIDs: [Int64] = []
        articleIDs.reserveCapacity(snapshot.articles.count)
        var inserted = 0
        var updated = 0
        var seen = Set<Int64>()
        for article in snapshot.articles {
            let articleID: Int64
            if let known = existing[article.id] {
                articleID = known.id
                if known.fingerprint != Fingerprint(article) {
                    try update(articleID, with: article, fetchedAt: fetchedAt)
                    updated += 1
                } else {
                    try touch(articleID, fetchedAt: fetchedAt)
                }
            } else {
                articleID = try insert(article, fetchedAt: fetchedAt)
                inserted += 1
            }
            if seen.insert(articleID).inserted {
                articleIDs.append(articleID)
            }
        }

        let removed = try replaceMembership(of: feedID, with: articleIDs)
        try db.execute(
            sql: "UPDATE feed SET lastRefreshedAt = ?, origin = ?, lastError = NULL WHERE id = ?",
            arguments: [fetchedAt, origin.rawValue, feedID]
        )
        try prune(now: fetchedAt)
        return RefreshChanges(total: articleIDs.count, inserted: inserted, updated: updated, removed: removed)
    }

    /// The id of `feed`'s row, created when the feed is new.
    func feedID(for feed: Feed) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO feed (kind, key) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
            arguments: [feed.kind, feed.key]
        )
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM feed WHERE key = ?", arguments: [feed.key]) else {
            throw StoreError.failed(reason: "feed \(feed.key) vanished")
        }
        return id
    }

    // MARK: - Articles

    /// The text of an article that, when it changes, makes an upsert an update.
    private struct Fingerprint: Equatable {
        var url, title, kicker, byline, abstract, leadParagraph, section, subsection: String
        var publishedAt: Int64
        var updatedAt: Int64?

        init(_ article: Article) {
            url = article.url
            title = article.title
            kicker = article.kicker
            byline = article.byline
            abstract = article.abstract
            leadParagraph = ArticleColumns.storedLeadParagraph(of: article)
            section = article.section
            subsection = article.subsection
            publishedAt = ArticleColumns.seconds(article.publishedDate)
            updatedAt = article.updatedDate.map(ArticleColumns.seconds)
        }

        init(row: Row) {
            url = row[2]
            title = row[3]
            kicker = row[4]
            byline = row[5]
            abstract = row[6]
            leadParagraph = row[7]
            section = row[8]
            subsection = row[9]
            publishedAt = row[10]
            updatedAt = row[11]
        }
    }

    private struct KnownArticle {
        var id: Int64
        var fingerprint: Fingerprint
    }

    private func existingArticles(with ids: [ArticleID]) throws -> [ArticleID: KnownArticle] {
        var known: [ArticleID: KnownArticle] = [:]
        known.reserveCapacity(ids.count)
        let chunkSize = 500
        for start in stride(from: 0, to: ids.count, by: chunkSize) {
            let chunk = ids[start..<min(start + chunkSize, ids.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: """
                    SELECT id, uri, url, title, kicker, byline, abstract, leadParagraph, section, subsection,
                           publishedAt, updatedAt
                    FROM article WHERE uri IN (\(placeholders))
                    """),
                arguments: StatementArguments(chunk.map(\.rawValue))
            )
            while let row = try rows.next() {
                known[ArticleID(row[1] as String)] = KnownArticle(id: row[0], fingerprint: Fingerprint(row: row))
            }
        }
        return known
    }

    private func insert(_ article: Article, fetchedAt: Int64) throws -> Int64 {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO article (uri, url, title, kicker, byline, abstract, leadParagraph, section, subsection,
                                 itemType, publishedAt, updatedAt, thumbnailURL, fetchedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            article.id.rawValue, article.url, article.title, article.kicker, article.byline, article.abstract,
            ArticleColumns.storedLeadParagraph(of: article), article.section, article.subsection, article.itemType,
            ArticleColumns.seconds(article.publishedDate), article.updatedDate.map(ArticleColumns.seconds),
            article.thumbnailURL, fetchedAt,
        ])
        return db.lastInsertedRowID
    }

    private func update(_ id: Int64, with article: Article, fetchedAt: Int64) throws {
        let statement = try db.cachedStatement(sql: """
            UPDATE article SET url = ?, title = ?, kicker = ?, byline = ?, abstract = ?, leadParagraph = ?,
                               section = ?, subsection = ?, itemType = ?, publishedAt = ?, updatedAt = ?,
                               thumbnailURL = ?, fetchedAt = ?
            WHERE id = ?
            """)
        try statement.execute(arguments: [
            article.url, article.title, article.kicker, article.byline, article.abstract,
            ArticleColumns.storedLeadParagraph(of: article), article.section, article.subsection, article.itemType,
            ArticleColumns.seconds(article.publishedDate), article.updatedDate.map(ArticleColumns.seconds),
            article.thumbnailURL, fetchedAt, id,
        ])
    }

    private func touch(_ id: Int64, fetchedAt: Int64) throws {
        try db.cachedStatement(sql: "UPDATE article SET fetchedAt = ? WHERE id = ?")
            .execute(arguments: [fetchedAt, id])
    }

    // MARK: - Membership and pruning

    /// Replaces the feed's members with `articleIDs` ranked 0, 1, 2…; returns how many members left the feed.
    private func replaceMembership(of feedID: Int64, with articleIDs: [Int64]) throws -> Int {
        let previous = try Set(Int64.fetchAll(db, sql: "SELECT articleId FROM feedItem WHERE feedId = ?", arguments: [feedID]))
        try db.execute(sql: "DELETE FROM feedItem WHERE feedId = ?", arguments: [feedID])
        let statement = try db.cachedStatement(sql: "INSERT INTO feedItem (feedId, articleId, rank) VALUES (?, ?, ?)")
        for (rank, articleID) in articleIDs.enumerated() {
            try statement.execute(arguments: [feedID, articleID, rank])
        }
        return previous.subtracting(articleIDs).count
    }

    /// Deletes articles in no feed, not saved and not fetched within the retention window.
    private func prune(now: Int64) throws {
        let cutoff = now - Int64(policy.retention)
        try db.execute(
            sql: """
                DELETE FROM article
                WHERE savedAt IS NULL AND fetchedAt < ?
                  AND NOT EXISTS (SELECT 1 FROM feedItem WHERE feedItem.articleId = article.id)
                """,
            arguments: [cutoff]
        )
    }
}
