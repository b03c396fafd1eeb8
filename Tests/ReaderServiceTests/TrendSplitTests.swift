import ArticleStore
import Foundation
import NewsCore
import TestSupport
import Testing

@testable import ReaderService

/// The service counts a trend in two parts side by side; the parts, joined, are the trend the store
/// counts in one.
@Suite("A trend counted in two parts")
struct TrendSplitTests {
    static let latest = ArchiveMonth(containingDay: 30_000)

    @Test("The service's trend is the store's, by year and by month, with bounds given or not")
    func sameAsStore() async throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let months = ["1987-03", "1987-04", "1999-12", "2003-01", "2003-02", "2004-07", "2024-11"].map {
            ArchiveMonth($0, latest: Self.latest)!
        }
        for (position, month) in months.enumerated() {
            var generator = ArticleGenerator(seed: UInt64(100 + position), now: Date(timeIntervalSince1970: 1_700_000_000))
            let articles = (0..<(30 + 20 * position)).map { index in
                var article = generator.article(index)
                article.id = ArticleID("nyt://article/\(month)-\(index)")
                return article
            }
            try store.beginImport(of: month)
            try store.stageBatch(articles, of: month)
            try store.completeImport(of: month, hits: articles.count, byteCount: 1, fetchedDate: .now, at: .now)
        }
        let service = ReaderService(store: store, client: nil)
        let terms = ["climate", "election", "supreme court", "東京"]
        let queries = [
            TrendQuery(terms: terms, interval: .year),
            TrendQuery(terms: terms, interval: .month),
            TrendQuery(terms: terms, interval: .year, first: months[2], last: months[5]),
            TrendQuery(terms: terms, interval: .month, first: ArchiveMonth("1980-01", latest: Self.latest)!),
            TrendQuery(terms: terms, interval: .year, first: months[0], last: months[1]),
        ]
        for query in queries {
            let whole = try store.trend(query)
            #expect(try await service.trend(query) == whole, "\(query)")
            #expect(whole.series[0].matches.contains { ($0 ?? 0) > 0 }, "the words are there")
        }
    }

    @Test("The bounds not given are the whole periods of the first and last months imported, this month at the latest")
    func bounds() {
        func month(_ text: String) -> ArchiveMonth { ArchiveMonth(text, latest: Self.latest)! }
        let imported = [month("1990-05"), month("2024-02")]
        let byYear = TrendQuery(terms: ["x"], interval: .year, latest: month("2024-03"))
        #expect(byYear.bounds(imported: imported)! == (month("1990-01"), month("2024-03")))
        #expect(TrendQuery(terms: ["x"], interval: .year).bounds(imported: imported)! == (month("1990-01"), month("2024-12")))
        #expect(TrendQuery(terms: ["x"], interval: .month).bounds(imported: imported)! == (month("1990-05"), month("2024-02")))
        let given = TrendQuery(terms: ["x"], interval: .year, first: month("2000-03"), last: month("2001-02"))
        #expect(given.bounds(imported: imported)! == (month("2000-03"), month("2001-02")), "bounds given are kept")
        let onlyLast = TrendQuery(terms: ["x"], interval: .year, last: month("1985-06"))
        #expect(onlyLast.bounds(imported: imported)! == (month("1985-06"), month("1985-06")), "the other bound when it lies beyond")
        #expect(TrendQuery(terms: ["x"]).bounds(imported: []) == nil)
    }

    @Test("The parts hold whole periods and about half of the articles each")
    func halves() throws {
        func month(_ text: String) -> ArchiveMonth { ArchiveMonth(text, latest: Self.latest)! }
        let imported = [month("1990-05"): 100, month("2000-01"): 10, month("2001-06"): 80, month("2024-02"): 90]
        let query = TrendQuery(terms: ["x"], interval: .year)
        let (older, newer) = try #require(query.halves(imported: imported))
        #expect(older.first == month("1990-01") && older.last == month("2000-12"), "whole years: 1990 imported in part")
        #expect(newer.first == month("2001-01") && newer.last == month("2024-12"))
        let (olderMonths, newerMonths) = try #require(TrendQuery(terms: ["x"], interval: .month).halves(imported: imported))
        #expect(olderMonths.last == month("2001-05") && newerMonths.first == month("2001-06"))
        #expect(
            TrendQuery(terms: ["x"], interval: .year).halves(imported: [month("2001-06"): 5, month("2001-08"): 5]) == nil, "one period")
        #expect(TrendQuery(terms: ["x"]).halves(imported: [:]) == nil)
        let first = try #require(
            TrendQuery(terms: ["x"], interval: .year).halves(imported: [month("1990-05"): 1_000, month("2024-02"): 1]))
        #expect(first.older.last == month("1990-12"), "one heavy period is a part of its own")
    }
}
