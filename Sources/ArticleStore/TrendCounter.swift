import NewsCore
import SQLite

/// Counts a trend from what the import keeps: each period's articles from `archiveMonth`, and each term's
/// matches by period from the full-text indexes, one count over each run of ids the period's months list
/// (`ArchiveSpans`), so no article row is read. A period with no month imported is a gap.
struct TrendCounter {
    let db: Database

    /// An index and a run of consecutive article ids in it.
    struct Span: Hashable {
        var partition: Int
        var firstID: Int64
        var lastID: Int64

        /// A span read back from `archiveSpan`; one that cannot be (ids backwards, or at the largest id,
        /// which a following id would overflow) is a damaged cache.
        static func stored(partition: Int, firstID: Int64, lastID: Int64) throws -> Span {
            guard 0 <= firstID, firstID <= lastID, lastID < Int64.max else {
                throw DatabaseError.damaged("archiveSpan \(firstID)…\(lastID)")
            }
            return Span(partition: try ArchiveIndex.stored(partition), firstID: firstID, lastID: lastID)
        }
    }

    func trend(_ query: TrendQuery) throws -> Trend {
        let imported = try importedMonths()
        guard let (first, last) = query.bounds(imported: imported.keys) else {
            return Trend(interval: query.interval, coverage: [], series: query.terms.map { TrendSeries(term: $0, matches: []) })
        }
        let periods = TrendPeriod.periods(from: first, through: last, by: query.interval)
        let position = Dictionary(uniqueKeysWithValues: periods.enumerated().map { ($0.element, $0.offset) })
        var coverage = periods.map { TrendCoverage(period: $0, monthCount: 0, importedMonthCount: 0, articleCount: 0) }
        var month = first
        while month <= last {
            let index = position[TrendPeriod(containing: month, by: query.interval)]!
            coverage[index].monthCount += 1
            if let articles = imported[month] {
                coverage[index].importedMonthCount += 1
                coverage[index].articleCount += articles
            }
            month = month.next
        }
        let spans = try self.spans(from: first, through: last) { position[TrendPeriod(containing: $0, by: query.interval)]! }
        let series = try query.terms.map { text in
            let term = try TrendTerm(text, tokenizer: IndexTokenizer(db: db))
            var matches: [Int?] = coverage.map { $0.isImported ? 0 : nil }
            for (index, periodSpans) in spans.enumerated() where !periodSpans.isEmpty {
                matches[index] = try periodSpans.reduce(0) { total, span in try total + count(term, in: span) }
            }
            return TrendSeries(term: text, matches: matches)
        }
        return Trend(interval: query.interval, coverage: coverage, series: series, months: first...last)
    }

    /// The articles of each month imported whole.
    private func importedMonths() throws -> [ArchiveMonth: Int] {
        var months: [ArchiveMonth: Int] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT month, articleCount FROM archiveMonth")) {
            if let month = Self.month(try row[0]) { months[month] = StoredCount.bounded(try row[1]) }
        }
        return months
    }

    /// The spans of the months `first` … `last`, by period (`period` gives a month's index), each
    /// period's spans in one index that meet end to end made one.
    private func spans(from first: ArchiveMonth, through last: ArchiveMonth, period: (ArchiveMonth) -> Int) throws -> [[Span]] {
        var byPeriod: [Int: [Span]] = [:]
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT month, ftsPartition, firstId, lastId FROM archiveSpan WHERE month BETWEEN ? AND ?"),
            arguments: [first.description, last.description]
        )
        for row in rows {
            guard let month = Self.month(try row[0]) else { continue }
            byPeriod[period(month), default: []].append(try Span.stored(partition: row[1], firstID: row[2], lastID: row[3]))
        }
        let count = (byPeriod.keys.max() ?? -1) + 1
        return (0..<count).map { index in Self.joined(byPeriod[index] ?? []) }
    }

    /// `spans` with those of one index that meet end to end made one (spans that overlap, of an article
    /// two months list, stay apart: it counts in each).
    static func joined(_ spans: [Span]) -> [Span] {
        struct End: Hashable {
            var partition: Int
            var nextID: Int64
        }
        var joined: [Span] = []
        /// The joined span (its index) that each index's next id would continue.
        var continued: [End: Int] = [:]
        for span in spans.sorted(by: { ($0.partition, $0.firstID) < ($1.partition, $1.firstID) }) {
            let index = continued.removeValue(forKey: End(partition: span.partition, nextID: span.firstID)) ?? joined.count
            if index == joined.count { joined.append(span) } else { joined[index].lastID = span.lastID }
            continued[End(partition: span.partition, nextID: span.lastID + 1)] = index
        }
        return joined
    }

    /// The articles of `span` that `term` matches.
    func count(_ term: TrendTerm, in span: Span) throws -> Int {
        guard let match = Self.match(term, in: span) else { return 0 }
        return try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM (\(match.sql))"), arguments: match.arguments) ?? 0
    }

    /// The statement selecting the ids of the articles of `span` that `term` matches, from the full-text
    /// indexes (and, in the live index, the lead of those matched in their abstract alone: see
    /// `TrendTerm`); nil when the term looks for nothing.
    static func match(_ term: TrendTerm, in span: Span) -> (sql: String, arguments: StatementArguments)? {
        let range = [span.firstID.databaseValue, span.lastID.databaseValue]
        switch (term.words, term.abstractOnly, term.cjk) {
        case (let words?, let abstractOnly?, let cjk):
            let table = ArchiveIndex.table(span.partition)
            let cjkCondition =
                cjk == nil ? "" : "AND rowid IN (SELECT rowid FROM articleCJK WHERE articleCJK MATCH ? AND rowid BETWEEN ? AND ?)"
            let cjkArguments = cjk.map { [$0.databaseValue] + range } ?? []
            var sql = "SELECT rowid FROM \(table) WHERE \(table) MATCH ? AND rowid BETWEEN ? AND ? \(cjkCondition)"
            var arguments = [words.databaseValue] + range + cjkArguments
            if span.partition == ArchiveIndex.livePartition {
                sql += """

                    UNION ALL
                    SELECT rowid FROM \(table) WHERE \(table) MATCH ? AND rowid BETWEEN ? AND ? \(cjkCondition)
                    AND (SELECT leadParagraph FROM article WHERE id = \(table).rowid) = ''
                    """
                arguments += [abstractOnly.databaseValue] + range + cjkArguments
            }
            return (sql, StatementArguments(arguments))
        case (nil, _, let cjk?):
            let sql = "SELECT rowid FROM articleCJK WHERE articleCJK MATCH ? AND rowid BETWEEN ? AND ?"
            return (sql, StatementArguments([cjk.databaseValue] + range))
        default:
            return nil
        }
    }

    /// The month stored as `2024-03`.
    private static func month(_ text: String) -> ArchiveMonth? {
        ArchiveMonth(text, latest: latestStorable)
    }

    private static let latestStorable = ArchiveMonth(containingDay: CivilCalendar.days(year: 9_999, month: 12, day: 1))
}
