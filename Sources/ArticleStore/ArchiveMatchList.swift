import NewsCore
import SQLite

/// The articles of an archive period that a trend's term matches (`Feed.archiveMatches`), as a list in
/// publication order: the period's months imported whole, oldest first, and in each the articles of its
/// feed (in the feed's order) that the term matches by the trend's rules. A month's matches are found in
/// the full-text indexes over the runs of ids it lists (`ArchiveSpans`), as the trend counts them, so the
/// list holds exactly the trend's count for the period (an article two months list is in each).
struct ArchiveMatchList {
    let db: Database
    let term: TrendTerm
    let months: [Month]

    /// A month of the period: its feed, and where its articles sit in the full-text indexes.
    struct Month {
        var feedID: Int64
        var spans: [TrendCounter.Span]
    }

    init(db: Database, matches: ArchiveMatches) throws {
        self.db = db
        term = try TrendTerm(matches.term, tokenizer: IndexTokenizer(db: db))
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT f.id, s.ftsPartition, s.firstId, s.lastId FROM archiveMonth m
                    JOIN feed f ON f.key = 'archive:' || m.month
                    JOIN archiveSpan s ON s.month = m.month
                    WHERE m.month BETWEEN ? AND ? ORDER BY m.month
                    """),
            arguments: [matches.period.firstMonth.description, matches.period.lastMonth.description])
        var months: [Month] = []
        for row in rows {
            let feedID: Int64 = try row[0]
            let span = try TrendCounter.Span.stored(partition: row[1], firstID: row[2], lastID: row[3])
            if months.last?.feedID == feedID {
                months[months.count - 1].spans.append(span)
            } else {
                months.append(Month(feedID: feedID, spans: [span]))
            }
        }
        self.months = term.isEmpty ? [] : months
    }

    /// How many articles the list holds.
    func count() throws -> Int {
        try months.reduce(0) { total, month in try total + count(in: month) }
    }

    /// How many articles of the list are unread.
    func unreadCount() throws -> Int {
        try months.reduce(0) { total, month in
            let (sql, arguments) = rows(of: month, columns: "COUNT(*)", limit: -1, offset: 0, condition: "a.readAt IS NULL")
            return try total + (Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0)
        }
    }

    /// The articles at positions `range` of the list.
    func entries(_ range: Range<Int>) throws -> [ArticleEntry] {
        var entries: [ArticleEntry] = []
        var start = 0
        for month in months where start < range.upperBound {
            let count = try count(in: month)
            defer { start += count }
            let wanted = range.clamped(to: start..<start + count)
            guard !wanted.isEmpty else { continue }
            let (sql, arguments) = rows(
                of: month, columns: ArticleColumns.selection, limit: wanted.count, offset: wanted.lowerBound - start)
            entries += try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map(ArticleColumns.entry(from:))
        }
        return entries
    }

    /// Where the article with `uri` sits in the list, when it is there.
    func position(of uri: String) throws -> Int? {
        var start = 0
        for month in months {
            let (sql, arguments) = rows(of: month, columns: PackedText.read("uri", of: "a"), limit: -1, offset: 0)
            let uris = try String.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
            if let index = uris.firstIndex(of: uri) { return start + index }
            start += uris.count
        }
        return nil
    }

    /// The position of the first unread article after `position`, wrapping to the start; nil when every
    /// article of the list is read.
    func firstUnreadPosition(after position: Int) throws -> Int? {
        var unread: [Int] = []
        var start = 0
        for month in months {
            let (sql, arguments) = rows(of: month, columns: "a.readAt IS NULL", limit: -1, offset: 0)
            let flags = try Bool.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
            for (index, isUnread) in flags.enumerated() where isUnread {
                if start + index > position { return start + index }
                unread.append(start + index)
            }
            start += flags.count
        }
        return unread.first
    }

    /// Marks every article of the list read at `seconds`, and counts the unread articles again in every
    /// feed that lists one of them; returns how many were unread.
    func markAllRead(at seconds: Int64) throws -> Int {
        try db.execute(
            sql: """
                CREATE TEMP TABLE IF NOT EXISTS markedRead (articleId INTEGER PRIMARY KEY);
                DELETE FROM markedRead;
                """)
        for month in months {
            let (sql, arguments) = rows(of: month, columns: "a.id", limit: -1, offset: 0, condition: "a.readAt IS NULL")
            try db.execute(sql: "INSERT OR IGNORE INTO markedRead (articleId) " + sql, arguments: arguments)
        }
        try db.execute(sql: "UPDATE article SET readAt = ? WHERE id IN (SELECT articleId FROM markedRead)", arguments: [seconds])
        let marked = db.changesCount
        try db.execute(
            sql: """
                UPDATE feed SET unreadCount = (
                    SELECT COUNT(*) FROM feedItem JOIN article ON article.id = feedItem.articleId
                    WHERE feedItem.feedId = feed.id AND article.readAt IS NULL)
                WHERE id IN (SELECT feedId FROM feedItem WHERE articleId IN (SELECT articleId FROM markedRead));
                DELETE FROM markedRead;
                """)
        return marked
    }

    // MARK: - Statements

    /// The articles of `month` that the term matches.
    private func count(in month: Month) throws -> Int {
        try month.spans.reduce(0) { total, span in try total + TrendCounter(db: db).count(term, in: span) }
    }

    /// The statement selecting `columns` of the articles of `month` the term matches, in the month's
    /// order, `limit` (-1: all) from `offset`, those `condition` holds for: the feed's ranks of the
    /// matched ids first, then the article rows of those asked for only.
    func rows(
        of month: Month, columns: String, limit: Int, offset: Int, condition: String = "1"
    ) -> (sql: String, arguments: StatementArguments) {
        var matched: [String] = []
        var arguments: [DatabaseValue] = [month.feedID.databaseValue]
        for span in month.spans {
            guard let match = TrendCounter.match(term, in: span) else { continue }
            matched.append(match.sql)
            arguments += match.arguments.values
        }
        let sql = """
            SELECT \(columns) FROM (
                SELECT fi.articleId, fi.rank FROM feedItem fi
                WHERE fi.feedId = ? AND fi.articleId IN (\(matched.joined(separator: " UNION ALL ")))
                ORDER BY fi.rank LIMIT ? OFFSET ?
            ) w JOIN article a ON a.id = w.articleId
            WHERE \(condition) ORDER BY w.rank
            """
        return (sql, StatementArguments(arguments + [limit.databaseValue, offset.databaseValue]))
    }
}
