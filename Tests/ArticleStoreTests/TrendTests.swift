import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// Trends counted from the full-text indexes and the counts kept at import, held side by side with a
/// plain SQL count (LIKE over the article rows, no full-text index) on a generated archive.
@Suite("Trends of the archive")
struct TrendTests {
    static let latest = ArchiveMonth(containingDay: 30_000)
    static let imported = Date(timeIntervalSince1970: 1_763_600_000)

    static func month(_ text: String) -> ArchiveMonth {
        ArchiveMonth(text, latest: latest)!
    }

    /// A generated archive: months of 2021 and 2022 with generated text (Zipf-distributed words, accents,
    /// some CJK titles), and `zeppelin` planted at known rates.
    struct GeneratedArchive {
        /// Months imported whole; 2021-04 and 2022-01 … 2022-03 are not, 2022-06 only in part.
        static let months: [ArchiveMonth] = ArchiveMonth.months("2021-01..2022-12", latest: latest)!.filter {
            !["2021-04", "2022-01", "2022-02", "2022-03", "2022-06"].contains($0.description)
        }
        static let partial = TrendTests.month("2022-06")
        /// Articles of 2021-01 that 2021-02 lists too.
        static let shared = 0..<5

        let store: ArticleStore
        /// Articles with the word `zeppelin` (headline) by month, and with `zeppelins` (lead paragraph).
        var wholeWord: [ArchiveMonth: Int] = [:]
        var plural: [ArchiveMonth: Int] = [:]

        init(store: ArticleStore) throws {
            self.store = store
            var january: [Article] = []
            for (position, month) in (Self.months + [Self.partial]).enumerated() {
                var generator = ArticleGenerator(seed: UInt64(month.year * 100 + month.month), now: TrendTests.imported)
                var articles = (0..<(60 + 7 * position)).map { index in
                    var article = generator.article(index)
                    article.id = ArticleID("nyt://article/\(month)-\(index)")
                    if index % (2 + position % 5) == 0 {
                        article.title += " zeppelin"
                    } else if index % 7 == 1 {
                        article.leadParagraph = "Zeppelins: " + article.leadParagraph
                    } else if index % 11 == 2 {
                        article.byline = "By Zeppelin Jones"
                    }
                    return article
                }
                if month.description == "2021-01" { january = articles }
                if month.description == "2021-02" { articles += Self.shared.map { january[$0] } }
                if month.description == "2021-03" {
                    // Cached from a live feed before the import: indexed with the live articles.
                    try store.apply(
                        FeedSnapshot(feed: .topStories(.world), articles: Array(articles[0..<4]), fetchedDate: TrendTests.imported),
                        origin: .network)
                }
                try store.beginImport(of: month)
                for start in stride(from: 0, to: articles.count, by: 25) {
                    try store.stageBatch(
                        Array(articles[start..<min(articles.count, start + 25)]), of: month)
                }
                guard month != Self.partial else {
                    try store.keepInPart(of: month, fetchedDate: TrendTests.imported)
                    continue
                }
                try store.completeImport(
                    of: month, hits: articles.count, byteCount: 1, fetchedDate: TrendTests.imported, at: TrendTests.imported)
                wholeWord[month] = articles.filter { $0.title.hasSuffix(" zeppelin") }.count
                plural[month] = articles.filter { $0.leadParagraph.hasPrefix("Zeppelins: ") }.count
            }
            // A live article that mentions it: not archived, not counted.
            var live = ArticleFactory.article(9_000, title: "A zeppelin over the city")
            live.id = ArticleID("nyt://article/live-zeppelin")
            try store.apply(FeedSnapshot(feed: .topStories(.home), articles: [live], fetchedDate: TrendTests.imported), origin: .network)
        }
    }

    /// The words of a term as the SQL reference takes them: each a whole word, plus a CJK run found anywhere.
    struct Reference {
        var words: [String]
        var cjk: String?

        /// Per imported month (`2021-03`), the articles it lists that match, by LIKE over the article
        /// rows: headline and lead paragraph lowered (CJK: with the abstract and byline too, as `articleCJK`
        /// holds them), `:` and `.` made spaces, every word
        /// between spaces.
        func counts(in store: ArticleStore) throws -> [String: Int] {
            let (conditions, arguments) = condition()
            return try store.writer.read { db in
                var counts: [String: Int] = [:]
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT m.month, COUNT(*) FROM archiveMonth m
                        JOIN feed f ON f.key = 'archive:' || m.month
                        JOIN feedItem fi ON fi.feedId = f.id
                        JOIN article a ON a.id = fi.articleId
                        WHERE \(conditions)
                        GROUP BY m.month
                        """, arguments: StatementArguments(arguments))
                for row in rows { counts[try row[0]] = try row[1] }
                return counts
            }
        }

        /// The uris of the matching articles of the imported months `months`, month by month in each
        /// month's order (the same rules as `counts`).
        func uris(in store: ArticleStore, months: ClosedRange<String>) throws -> [String] {
            let (conditions, arguments) = condition()
            return try store.writer.read { db in
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT nyttext(a.uri) FROM archiveMonth m
                        JOIN feed f ON f.key = 'archive:' || m.month
                        JOIN feedItem fi ON fi.feedId = f.id
                        JOIN article a ON a.id = fi.articleId
                        WHERE m.month BETWEEN ? AND ? AND \(conditions)
                        ORDER BY m.month, fi.rank
                        """, arguments: StatementArguments([months.lowerBound, months.upperBound] + arguments))
            }
        }

        /// The reference's rule as SQL over the article rows `a`, and its arguments.
        private func condition() -> (sql: String, arguments: [String]) {
            let text = "(' ' || replace(replace(lower(nyttext(a.title) || ' ' || nyttext(a.leadParagraph)), ':', ' '), '.', ' ') || ' ')"
            var conditions = words.map { _ in "\(text) LIKE ?" }
            var arguments = words.map { "% \($0) %" }
            if let cjk {
                conditions.append(
                    "instr(nyttext(a.title) || ' ' || nyttext(a.abstract) || ' ' || nyttext(a.leadParagraph) || ' ' || nyttext(a.byline), ?) > 0"
                )
                arguments.append(cjk)
            }
            return (conditions.joined(separator: " AND "), arguments)
        }
    }

    static let terms: [(term: String, reference: Reference)] = [
        ("zeppelin", Reference(words: ["zeppelin"])),
        ("Zeppelins ", Reference(words: ["zeppelins"])),
        ("climate change", Reference(words: ["climate", "change"])),
        ("Trump", Reference(words: ["trump"])),
        ("court", Reference(words: ["court"])),
        ("war", Reference(words: ["war"])),
        ("東京", Reference(words: [], cjk: "東京")),
        ("東京 election", Reference(words: ["election"], cjk: "東京")),
    ]

    /// The articles listed by each imported month, counted on the rows.
    static func articleCounts(in store: ArticleStore) throws -> [String: Int] {
        try store.writer.read { db in
            var counts: [String: Int] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT m.month, COUNT(*) FROM archiveMonth m JOIN feed f ON f.key = 'archive:' || m.month
                    JOIN feedItem fi ON fi.feedId = f.id GROUP BY m.month
                    """)
            {
                counts[try row[0]] = try row[1]
            }
            return counts
        }
    }

    /// Checks `trend` (by month or year) against the reference counts of every term.
    static func expectMatchesReference(_ trend: Trend, store: ArticleStore, terms: [(term: String, reference: Reference)]) throws {
        let articles = try articleCounts(in: store)
        for (index, term) in terms.enumerated() {
            let reference = try term.reference.counts(in: store)
            #expect(reference.values.reduce(0, +) > 0, "'\(term.term)' matches something")
            for (position, coverage) in trend.coverage.enumerated() {
                let months = reference.keys.filter { $0.hasPrefix(coverage.period.description) }
                let expected = coverage.isImported ? months.reduce(0) { $0 + reference[$1]! } : nil
                #expect(trend.series[index].matches[position] == expected, "'\(term.term)' in \(coverage.period)")
                let listed = articles.filter { $0.key.hasPrefix(coverage.period.description) }.values.reduce(0, +)
                #expect(coverage.articleCount == listed, "articles of \(coverage.period)")
            }
        }
    }

    @Test("Each count equals a plain SQL count over the same rules, by month and by year")
    func countsMatchSQL() throws {
        let directory = try TemporaryDirectory()
        let archive = try GeneratedArchive(store: ArticleStore(path: directory.path("cache.sqlite")))
        let query = TrendQuery(terms: Self.terms.map(\.term), interval: .month)
        let byMonth = try archive.store.trend(query)
        #expect(byMonth.periods.map(\.description) == ArchiveMonth.months("2021-01..2022-12", latest: Self.latest)!.map(\.description))
        try Self.expectMatchesReference(byMonth, store: archive.store, terms: Self.terms)
        let byYear = try archive.store.trend(TrendQuery(terms: Self.terms.map(\.term), interval: .year))
        #expect(byYear.periods == [TrendPeriod(year: 2021), TrendPeriod(year: 2022)])
        try Self.expectMatchesReference(byYear, store: archive.store, terms: Self.terms)

        // The planted words at their known rates: `zeppelin` in headlines, `Zeppelins` in lead paragraphs
        // (neither counts the other: words are whole), never from a byline or a live article.
        for (position, period) in byMonth.periods.enumerated() {
            guard let month = period.month.map({ ArchiveMonth(year: period.year, month: $0, latest: Self.latest)! }),
                let whole = archive.wholeWord[month]
            else { continue }
            #expect(byMonth.series[0].matches[position] == whole, "\(month)")
            #expect(byMonth.series[1].matches[position] == archive.plural[month], "\(month)")
        }
        let accented = try archive.store.trend(TrendQuery(terms: ["ZÉPPELIN"], interval: .month))
        #expect(accented.series[0].matches == byMonth.series[0].matches, "case and accents are ignored")
    }

    @Test("Months not imported are gaps, never zeros; a year counts the months it has; --from and --to bound the periods")
    func gaps() throws {
        let archive = try GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let byMonth = try archive.store.trend(TrendQuery(terms: ["zeppelin"], interval: .month))
        let missing = byMonth.coverage.filter { !$0.isImported }.map(\.period.description)
        #expect(missing == ["2021-04", "2022-01", "2022-02", "2022-03", "2022-06"], "the month cut short is a gap too")
        for (position, coverage) in byMonth.coverage.enumerated() {
            #expect((byMonth.series[0].matches[position] == nil) == !coverage.isImported)
            #expect(coverage.isImported ? coverage.articleCount > 0 : coverage.articleCount == 0)
        }
        #expect(byMonth.monthCount == 24)
        #expect(byMonth.importedMonthCount == 19)

        let byYear = try archive.store.trend(TrendQuery(terms: ["zeppelin"], interval: .year))
        #expect(byYear.coverage.map(\.importedMonthCount) == [11, 8])
        #expect(byYear.coverage.map(\.monthCount) == [12, 12])

        let wider = try archive.store.trend(
            TrendQuery(
                terms: ["zeppelin"], interval: .year, first: Self.month("2019-06"), last: Self.month("2021-02")
            ))
        #expect(wider.periods == [2019, 2020, 2021].map(TrendPeriod.init(year:)))
        #expect(wider.series[0].matches.map { $0 == nil } == [true, true, false], "years before the archive are gaps")
        #expect(wider.coverage.map(\.monthCount) == [7, 12, 2])
        #expect(wider.yearsInPart == "2019 from June, 2021 to February", "the years at the ends are said to be counted in part")
        #expect(byYear.yearsInPart == nil)
        let oneYear = try archive.store.trend(
            TrendQuery(terms: ["zeppelin"], interval: .year, first: Self.month("2021-03"), last: Self.month("2021-09")))
        #expect(oneYear.yearsInPart == "2021 from March to September")
        let twoMonths = try archive.store.trend(
            TrendQuery(terms: ["zeppelin"], interval: .month, first: Self.month("2021-01"), last: Self.month("2021-02")))
        #expect(wider.series[0].matches[2] == twoMonths.series[0].matches.compactMap { $0 }.reduce(0, +))
        #expect(wider.coverage[2].articleCount == twoMonths.coverage.map(\.articleCount).reduce(0, +))

        let later = try archive.store.trend(TrendQuery(terms: ["zeppelin"], interval: .year, first: Self.month("2024-05")))
        #expect(later.periods == [TrendPeriod(year: 2024)] && later.series[0].matches == [nil], "a range after the archive is a gap")

        let empty = try ArticleStore(inMemoryWith: .standard).trend(TrendQuery(terms: ["zeppelin"]))
        #expect(empty.coverage.isEmpty && empty.series.map(\.matches) == [[]], "nothing imported: no period")
    }

    @Test("A month forgotten becomes a gap; imported again with more articles, its counts follow")
    func forgetAndReimport() throws {
        let archive = try GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let march = Self.month("2021-03")
        let query = TrendQuery(terms: ["zeppelin"], interval: .month, first: march, last: march)
        let before = try archive.store.trend(query)
        #expect(before.series[0].matches == [archive.wholeWord[march]])
        try archive.store.forget([march])
        #expect(try archive.store.trend(query).series[0].matches == [nil])

        var extra = ArticleFactory.article(5_000, title: "One more zeppelin")
        extra.id = ArticleID("nyt://article/extra")
        let articles = try archive.store.entries(in: .topStories(.world), range: 0..<4).map(\.article) + [extra]
        try archive.store.beginImport(of: march)
        try archive.store.stageBatch(articles, of: march)
        try archive.store.completeImport(of: march, hits: nil, byteCount: 1, fetchedDate: Self.imported, at: Self.imported)
        let again = try archive.store.trend(query)
        #expect(again.series[0].matches == [articles.filter { $0.title.hasSuffix("zeppelin") }.count])
        #expect(again.coverage[0].articleCount == 5)
        try Self.expectMatchesReference(again, store: archive.store, terms: [Self.terms[0]])

        // Imported again while complete (`--force`): the month's record is updated, its spans with it.
        var another = ArticleFactory.article(5_001, title: "Yet another zeppelin")
        another.id = ArticleID("nyt://article/another")
        try archive.store.beginImport(of: march)
        try archive.store.stageBatch(articles + [another], of: march)
        try archive.store.completeImport(of: march, hits: nil, byteCount: 1, fetchedDate: Self.imported, at: Self.imported)
        let forced = try archive.store.trend(query)
        #expect(forced.series[0].matches == [again.series[0].matches[0]! + 1])
        #expect(forced.coverage[0].articleCount == 6)
    }

    @Test("A cache whose months were imported before the spans existed gets them when it opens")
    func migratedCache() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let expected: Trend
        do {
            let archive = try GeneratedArchive(store: ArticleStore(path: path))
            expected = try archive.store.trend(TrendQuery(terms: ["zeppelin", "climate change"], interval: .month))
            // Back to the schema before `archiveSpan`.
            try archive.store.writer.write { db in
                try db.execute(
                    sql: """
                        DROP TRIGGER archiveMonth_span_insert;
                        DROP TRIGGER archiveMonth_span_update;
                        DROP TRIGGER archiveMonth_span_delete;
                        DROP TABLE archiveSpan;
                        DELETE FROM grdb_migrations WHERE identifier = 'v9-archiveSpan';
                        """)
            }
        }
        let reopened = try ArticleStore(path: path)
        #expect(try reopened.trend(TrendQuery(terms: ["zeppelin", "climate change"], interval: .month)) == expected)
    }

    @Test(
        "A month is counted from the full-text indexes: its spans are few, and an article row is read only for a live article matched in its abstract alone, by its id"
    )
    func indexOnly() throws {
        let archive = try GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let spans = try archive.store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT month, COUNT(*) FROM archiveSpan GROUP BY month").map {
                (try $0[0] as String, try $0[1] as Int)
            }
        }
        #expect(spans.count == GeneratedArchive.months.count)
        #expect(spans.allSatisfy { $0.1 <= 3 }, "\(spans)")
        let year = TrendCounter.Span(partition: 2021, firstID: 1, lastID: 9)
        let live = TrendCounter.Span(partition: 0, firstID: 1, lastID: 9)
        let (indexOnly, liveWords) = try archive.store.writer.read { db in
            let tokenizer = IndexTokenizer(db: db)
            return (
                [
                    TrendCounter.match(try TrendTerm("climate", tokenizer: tokenizer), in: year),
                    TrendCounter.match(try TrendTerm("東京", tokenizer: tokenizer), in: live),
                ],
                TrendCounter.match(try TrendTerm("climate 東京", tokenizer: tokenizer), in: live)
            )
        }
        for sql in indexOnly.compactMap({ $0?.sql }) {
            let steps = try QueryPlanTests.plan(of: sql, in: archive.store)
            #expect(steps.allSatisfy { $0.contains("VIRTUAL TABLE") || $0.contains("LIST SUBQUERY") }, "\(steps)")
            #expect(!steps.contains { $0.contains(" article ") || $0.hasSuffix(" article") }, "\(steps)")
        }
        let steps = try QueryPlanTests.plan(of: #require(liveWords).sql, in: archive.store)
        let articleSteps = steps.filter { $0.contains(" article ") || $0.hasSuffix(" article") }
        #expect(articleSteps == ["SEARCH article USING INTEGER PRIMARY KEY (rowid=?)"], "\(steps)")
    }

    @Test("Spans of one index that meet end to end are joined; overlapping ones stay apart")
    func joinedSpans() {
        typealias Span = TrendCounter.Span
        let joined = TrendCounter.joined([
            Span(partition: 2021, firstID: 11, lastID: 20), Span(partition: 2021, firstID: 1, lastID: 10),
            Span(partition: 0, firstID: 21, lastID: 22), Span(partition: 2021, firstID: 5, lastID: 6),
        ])
        #expect(
            joined == [
                Span(partition: 0, firstID: 21, lastID: 22), Span(partition: 2021, firstID: 1, lastID: 20),
                Span(partition: 2021, firstID: 5, lastID: 6),
            ])
    }
}
