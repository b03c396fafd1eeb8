import NewsCore
import SQLite
import Synchronization

/// The articles of one refresh set aside as they arrive (`ArticleStore.beginStaging`), in the order
/// the NYT sent them. A staged article is stored as the `article` table stores it (`ArticleColumns`).
public struct StagedRefresh: Sendable, Hashable {
    /// Tells this refresh's rows from those of another running at the same time.
    let number: Int64

    /// The number of the last refresh set aside in this process.
    private static let lastNumber = Atomic<Int64>(0)

    /// A refresh numbered apart from every other of this process.
    static func next() -> StagedRefresh {
        StagedRefresh(number: lastNumber.add(1, ordering: .relaxed).newValue)
    }

    /// Rows read back per chunk when the refresh is applied.
    static let chunkSize = 500

    /// `uri` and the columns a refresh writes, in `ArticleColumns.written` order.
    private static let columns = ["uri"] + ArticleColumns.written

    static let createTable = """
        PRAGMA temp.cache_size = -256;
        CREATE TEMP TABLE IF NOT EXISTS stagedArticle (refresh INTEGER NOT NULL, \(columns.joined(separator: ", ")));
        CREATE INDEX IF NOT EXISTS temp.stagedArticle_refresh ON stagedArticle(refresh);
        """

    static let insertSQL = """
        INSERT INTO temp.stagedArticle (refresh, \(columns.joined(separator: ", ")))
        VALUES (\(Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")))
        """

    /// The columns of `ArticleColumns.selection` (no read or saved date yet), then the rowid.
    static let chunkSQL = """
        SELECT \(columns.joined(separator: ", ")), NULL, NULL, rowid
        FROM temp.stagedArticle WHERE refresh = ? AND rowid > ? ORDER BY rowid LIMIT ?
        """

    /// Where the rowid sits in a row of `chunkSQL`.
    static let rowidIndex = columns.count + 2

    /// The values of `insertSQL` for `article` of this refresh.
    func values(of article: Article) -> [DatabaseValue] {
        [number.databaseValue, article.id.rawValue.databaseValue] + ArticleColumns.writtenValues(of: article)
    }
}
