import FoundationEssentials
import NewsCore
import SQLite

/// How an `ArticleEntry` is laid out in the `article` table, in one place for every query.
enum ArticleColumns {
    /// The selected columns, in the order `entry(from:)` reads them.
    static let selection = """
        a.uri, a.url, a.title, a.kicker, a.byline, a.abstract, a.leadParagraph, a.section, a.subsection, \
        a.itemType, a.publishedAt, a.updatedAt, a.thumbnailURL, a.readAt, a.savedAt
        """

    /// The columns a refresh writes from an article's text, in the order of `writtenValues(of:)`.
    static let written = [
        "url", "title", "kicker", "byline", "abstract", "leadParagraph", "section", "subsection", "itemType",
        "publishedAt", "updatedAt", "thumbnailURL",
    ]

    /// Where `updatedAt` sits in `written`.
    static let writtenUpdatedAtIndex = written.firstIndex(of: "updatedAt")!

    /// The values stored for `article` in the `written` columns. Equal values mean the cached text is current.
    static func writtenValues(of article: Article) -> [DatabaseValue] {
        [
            article.url.databaseValue, article.title.databaseValue, article.kicker.databaseValue,
            article.byline.databaseValue, article.abstract.databaseValue, storedLeadParagraph(of: article).databaseValue,
            article.section.databaseValue, article.subsection.databaseValue, article.itemType.databaseValue,
            seconds(article.publishedDate).databaseValue, article.updatedDate.map(seconds).databaseValue,
            article.thumbnailURL.databaseValue,
        ]
    }

    /// The lead paragraph is stored only when it differs from the abstract (the common case for Top Stories).
    static func storedLeadParagraph(of article: Article) -> String {
        article.leadParagraph == article.abstract ? "" : article.leadParagraph
    }

    static func entry(from row: Row) -> ArticleEntry {
        let abstract: String = row[5]
        let storedLead: String = row[6]
        let article = Article(
            id: ArticleID(row[0] as String),
            url: row[1],
            title: row[2],
            kicker: row[3],
            byline: row[4],
            abstract: abstract,
            leadParagraph: storedLead.isEmpty ? abstract : storedLead,
            section: row[7],
            subsection: row[8],
            itemType: row[9],
            publishedDate: date(row[10])!,
            updatedDate: date(row[11]),
            thumbnailURL: row[12]
        )
        return ArticleEntry(article: article, readDate: date(row[13]), savedDate: date(row[14]))
    }

    static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    static func date(_ seconds: Int64?) -> Date? {
        seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
