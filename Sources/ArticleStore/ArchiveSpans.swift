import SQLite

/// Where each imported archive month's articles sit in the full-text indexes, kept so a trend counts a
/// month's matches without reading an article row: the runs of consecutive article ids the month lists,
/// per index (`ftsPartition`, see `ArchiveIndex`). A month imported in one go is one run per index;
/// articles the cache had before make a few more. The rows are written by triggers on `archiveMonth`, in
/// the transaction that completes (or forgets) the month.
enum ArchiveSpans {
    /// The table and the triggers that keep it.
    static let schema = """
        CREATE TABLE archiveSpan (
            month TEXT NOT NULL,
            ftsPartition INTEGER NOT NULL,
            firstId INTEGER NOT NULL,
            lastId INTEGER NOT NULL,
            PRIMARY KEY (month, ftsPartition, firstId)
        ) WITHOUT ROWID;
        CREATE TRIGGER archiveMonth_span_insert AFTER INSERT ON archiveMonth BEGIN
            DELETE FROM archiveSpan WHERE month = new.month;
            \(spans(of: "new.month"))
        END;
        CREATE TRIGGER archiveMonth_span_update AFTER UPDATE ON archiveMonth BEGIN
            DELETE FROM archiveSpan WHERE month = old.month;
            \(spans(of: "new.month"))
        END;
        CREATE TRIGGER archiveMonth_span_delete AFTER DELETE ON archiveMonth BEGIN
            DELETE FROM archiveSpan WHERE month = old.month;
        END;
        """

    /// Writes the spans of every month imported before the table existed.
    static let fill =
        "INSERT INTO archiveSpan (month, ftsPartition, firstId, lastId) "
        + select(month: "m.month", from: "archiveMonth m JOIN feed f ON f.key = 'archive:' || m.month")

    /// How many articles the imported months hold in each index (`ftsPartition`): the lengths of their
    /// spans (an article two months list counted in each), from 0 to `largestCount` whatever a damaged
    /// cache holds (`TOTAL` sums in floating point, where `SUM` fails past 64 bits).
    static func articleCounts(in db: Database) throws -> [Int: Int] {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT ftsPartition, TOTAL(lastId - firstId + 1) FROM archiveSpan GROUP BY ftsPartition"))
        var counts: [Int: Int] = [:]
        for row in rows {
            let total: Double = try row[1]
            counts[try row[0]] = total.isNaN ? 0 : Int(min(max(total, 0), Double(largestCount)))
        }
        return counts
    }

    /// More articles than any index holds (a thousand times the NYT's whole archive).
    static let largestCount = 1 << 34

    /// The statement writing the spans of the month `month` (an SQL expression: `new.month`).
    private static func spans(of month: String) -> String {
        "INSERT INTO archiveSpan (month, ftsPartition, firstId, lastId) "
            + select(month: month, from: "feed f", where: "f.key = 'archive:' || \(month)") + ";"
    }

    /// Runs of consecutive ids: within one index, an id minus its position among the month's ids is the
    /// same for every id of a run.
    private static func select(month: String, from source: String, where condition: String = "1") -> String {
        """
        SELECT month, ftsPartition, MIN(id), MAX(id) FROM (
                SELECT \(month) AS month, a.ftsPartition, a.id,
                    a.id - ROW_NUMBER() OVER (PARTITION BY \(month), a.ftsPartition ORDER BY a.id) AS run
                FROM \(source) JOIN feedItem fi ON fi.feedId = f.id JOIN article a ON a.id = fi.articleId
                WHERE \(condition)
            ) GROUP BY month, ftsPartition, run
        """
    }
}
