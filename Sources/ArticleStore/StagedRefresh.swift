import FoundationEssentials
import NewsCore
import SQLite
import Synchronization

/// The articles of one refresh set aside as they arrive (`ArticleStore.beginStaging`), in the order
/// the NYT sent them.
public struct StagedRefresh: Sendable, Hashable {
    /// Tells this refresh's rows from those of another running at the same time.
    let number: Int64

    /// The number of the last refresh set aside in this process.
    static let lastNumber = Atomic<Int64>(0)

    /// Rows read back per chunk when the refresh is applied.
    static let chunkSize = 500

    static let createTable = """
        PRAGMA temp.cache_size = -256;
        CREATE TEMP TABLE IF NOT EXISTS stagedArticle (
            refresh INTEGER NOT NULL, uri TEXT NOT NULL, url TEXT NOT NULL, title TEXT NOT NULL, kicker TEXT NOT NULL,
            byline TEXT NOT NULL, abstract TEXT NOT NULL, leadParagraph TEXT NOT NULL, section TEXT NOT NULL,
            subsection TEXT NOT NULL, itemType TEXT NOT NULL, publishedAt REAL NOT NULL, updatedAt REAL, thumbnailURL TEXT
        );
        CREATE INDEX IF NOT EXISTS temp.stagedArticle_refresh ON stagedArticle(refresh);
        """

    static let insertSQL = """
        INSERT INTO temp.stagedArticle (refresh, uri, url, title, kicker, byline, abstract, leadParagraph, section, subsection,
            itemType, publishedAt, updatedAt, thumbnailURL)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    static let chunkSQL = """
        SELECT rowid, uri, url, title, kicker, byline, abstract, leadParagraph, section, subsection, itemType, publishedAt,
            updatedAt, thumbnailURL
        FROM temp.stagedArticle WHERE refresh = ? AND rowid > ? ORDER BY rowid LIMIT ?
        """

    /// The values of `insertSQL` after `refresh` and `uri`. Dates keep their fractions: the article read
    /// back is the one set aside.
    static func values(of article: Article) -> [DatabaseValue] {
        [
            article.url.databaseValue, article.title.databaseValue, article.kicker.databaseValue, article.byline.databaseValue,
            article.abstract.databaseValue, article.leadParagraph.databaseValue, article.section.databaseValue,
            article.subsection.databaseValue, article.itemType.databaseValue,
            article.publishedDate.timeIntervalSince1970.databaseValue, article.updatedDate?.timeIntervalSince1970.databaseValue ?? .null,
            article.thumbnailURL.databaseValue,
        ]
    }

    /// The article of a row of `chunkSQL`.
    static func article(from row: Row) -> Article {
        Article(
            id: ArticleID(row[1] as String), url: row[2], title: row[3], kicker: row[4], byline: row[5], abstract: row[6],
            leadParagraph: row[7], section: row[8], subsection: row[9], itemType: row[10],
            publishedDate: Date(timeIntervalSince1970: row[11]),
            updatedDate: (row[12] as Double?).map(Date.init(timeIntervalSince1970:)), thumbnailURL: row[13]
        )
    }
}
