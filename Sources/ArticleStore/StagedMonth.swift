import NewsCore
import SQLite

/// The articles of an archive month's import as they arrive, set aside until the import ends: in a
/// temporary table of the connection that writes (private to this process, gone with it, written without
/// the cache's write lock), one row per article (`StagedBatch` of one), in the month's list order.
///
/// The NYT sends a month's docs in no order of date. Written as they arrived, a month's new articles took
/// ids, and so places in the `article` table, in that order, and a window of 50 rows of the month (listed
/// in publication order) read about one page of the cache per row: on a machine that pages out what was
/// not read for a minute, ten times more disk reads than the window needs (docs/performance.md). Read back
/// in publication order, they take consecutive ids in the order the reader lists them.
enum StagedMonth {
    /// Articles handed on together when the month is written, as for a refresh set aside.
    static let chunkSize = StagedRefresh.chunkSize

    /// One row per article; read back in publication order, then arrival order (the index's rowid).
    static let createTable = """
        PRAGMA temp.cache_size = -256;
        CREATE TEMP TABLE IF NOT EXISTS stagedArchive (month TEXT NOT NULL, publishedAt INTEGER NOT NULL, article BLOB NOT NULL);
        CREATE INDEX IF NOT EXISTS temp.stagedArchive_order ON stagedArchive (month, publishedAt);
        """

    static let insertSQL = "INSERT INTO temp.stagedArchive (month, publishedAt, article) VALUES (?, ?, ?)"

    /// The next articles of a month after a place in its order (`publishedAt`, rowid), `chunkSize` of them.
    static let nextChunkSQL = """
        SELECT publishedAt, rowid, article FROM temp.stagedArchive INDEXED BY stagedArchive_order
        WHERE month = ? AND (publishedAt, rowid) > (?, ?) ORDER BY publishedAt, rowid LIMIT \(chunkSize)
        """

    static let deleteSQL = "DELETE FROM temp.stagedArchive WHERE month = ?"

    /// Forgets what was set aside for `month` on `db` (making the table when this connection has none yet).
    static func clear(_ month: ArchiveMonth, in db: Database) throws {
        try db.execute(sql: createTable)
        try db.execute(sql: deleteSQL, arguments: [month.description])
    }

    /// Reads the articles of `month` set aside on `db` in publication order, `chunkSize` at a time, and
    /// hands each chunk to `body`.
    static func forEachChunk(of month: ArchiveMonth, in db: Database, _ body: ([StoredArticle]) throws -> Void) throws {
        let next = try db.cachedStatement(sql: nextChunkSQL)
        var after: (publishedAt: Int64, rowid: Int64) = (.min, .min)
        while true {
            let rows = try Row.fetchAll(next, arguments: [month.description, after.publishedAt, after.rowid])
            guard let last = rows.last else { return }
            after = (try last[0], try last[1])
            var chunk: [StoredArticle] = []
            chunk.reserveCapacity(rows.count)
            for row in rows {
                guard case .blob(let blob) = try row[2] as DatabaseValue else { throw StagedBatch.Damaged() }
                chunk += try StagedBatch.decode(blob)
            }
            try body(chunk)
        }
    }
}
