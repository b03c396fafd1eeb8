import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// A period's matches of a term as a feed (`Feed.archiveMatches`, what Enter opens in the reader's trend
/// chart), held against the plain SQL reference of the trend tests on their generated archive.
@Suite("An archive period's matches as a feed")
struct ArchiveMatchesTests {
    static func feed(_ term: String, _ period: String) -> Feed {
        .archiveMatches(ArchiveMatches(term: term, period: TrendPeriod(period)!))
    }

    /// Every article of the feed, read a window of `size` at a time.
    static func all(_ feed: Feed, in store: ArticleStore, windows size: Int) throws -> [String] {
        var uris: [String] = []
        while true {
            let window = try store.entries(in: feed, range: uris.count..<uris.count + size)
            uris += window.map(\.id.rawValue)
            if window.count < size { return uris }
        }
    }

    @Test("Each period's feed lists the articles the trend counted, in the months' order, read in windows of any size")
    func matchesReference() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let store = archive.store
        for (term, reference) in TrendTests.terms {
            let trend = try store.trend(TrendQuery(terms: [term], interval: .month))
            let byYear = try store.trend(TrendQuery(terms: [term], interval: .year))
            for (index, coverage) in (trend.coverage + byYear.coverage).enumerated() {
                let counted =
                    index < trend.coverage.count ? trend.series[0].matches[index] : byYear.series[0].matches[index - trend.coverage.count]
                let period = coverage.period
                let feed = Feed.archiveMatches(ArchiveMatches(term: term, period: period))
                let expected = try reference.uris(in: store, months: period.firstMonth.description...period.lastMonth.description)
                #expect(try store.status(of: feed).count == counted ?? 0, "'\(term)' in \(period)")
                #expect(expected.count == counted ?? 0, "'\(term)' in \(period): the trend's count")
                #expect(try Self.all(feed, in: store, windows: 7) == expected, "'\(term)' in \(period)")
                let whole = try store.entries(in: feed, range: 0..<100_000).map(\.id.rawValue)
                #expect(whole == expected, "'\(term)' in \(period): \(whole.count) of \(expected.count)")
            }
        }
        let shared = try Self.all(Self.feed("zeppelin", "2021"), in: store, windows: 50)
        #expect(shared.count > Set(shared).count, "an article two months list is in the feed twice, as the trend counts it twice")
    }

    @Test("A term of punctuation, a period not imported and a month cut short list nothing")
    func empty() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        for feed in [
            Self.feed("!!!", "2021"), Self.feed("zeppelin", "2021-04"), Self.feed("zeppelin", "2019"), Self.feed("zeppelin", "2022-06"),
        ] {
            #expect(try archive.store.status(of: feed).count == 0, "\(feed)")
            #expect(try archive.store.entries(in: feed, range: 0..<50).isEmpty, "\(feed)")
        }
    }

    @Test("Positions, the next unread article and marking all read work on the feed as on any other")
    func readState() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let store = archive.store
        let feed = Self.feed("zeppelin", "2022")
        let uris = try Self.all(feed, in: store, windows: 100)
        #expect(uris.count > 20)
        for position in [0, 5, uris.count - 1] {
            #expect(try store.position(of: ArticleID(uris[position]), in: feed) == position)
        }
        #expect(try store.position(of: ArticleID("nyt://article/live-zeppelin"), in: feed) == nil, "a live article is not archived")

        for uri in uris[..<10] { try store.setRead(ArticleID(uri), at: TrendTests.imported) }
        #expect(try store.firstUnreadPosition(in: feed, after: -1) == 10)
        #expect(try store.firstUnreadPosition(in: feed, after: uris.count - 1) == 10, "wraps to the start")

        let unreadBefore = try store.unreadCounts()
        let marked = try store.markAllRead(in: feed, at: TrendTests.imported)
        #expect(marked == Set(uris).count - 10)
        #expect(try store.entries(in: feed, range: 0..<uris.count).allSatisfy(\.isRead))
        #expect(try store.firstUnreadPosition(in: feed, after: 0) == nil)
        let counted = try store.writer.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT f.key, (SELECT COUNT(*) FROM feedItem fi JOIN article a ON a.id = fi.articleId
                                   WHERE fi.feedId = f.id AND a.readAt IS NULL) FROM feed f
                    """
            ).map { (try $0[0] as String, try $0[1] as Int) }
        }
        let unreadAfter = try store.unreadCounts()
        for (key, unread) in counted {
            #expect(unreadAfter[key] == unread, "\(key): the kept count is the feed's unread articles")
        }
        #expect(unreadAfter["archive:2022-04"]! < unreadBefore["archive:2022-04"]!)
        #expect(unreadAfter["archive:2021-05"] == unreadBefore["archive:2021-05"], "months of other periods keep theirs")
    }

    @Test("A month's window is read from the feed's ranks and the full-text index, never a scan of the articles")
    func plan() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let sql = try archive.store.writer.read { db in
            let list = try ArchiveMatchList(db: db, matches: ArchiveMatches(term: "zeppelin 東京", period: TrendPeriod("2021-05")!))
            return list.rows(of: try #require(list.months.first), columns: ArticleColumns.selection, limit: 50, offset: 0).sql
        }
        let steps = try QueryPlanTests.plan(of: sql, in: archive.store)
        #expect(steps.contains { $0.contains("SEARCH fi USING PRIMARY KEY (feedId=?)") }, "\(steps)")
        #expect(steps.contains { $0.contains("SEARCH a USING INTEGER PRIMARY KEY") }, "\(steps)")
        #expect(!steps.contains { ($0.hasPrefix("SCAN a") || $0.hasPrefix("SCAN article")) && !$0.contains("VIRTUAL TABLE") }, "\(steps)")
    }
}
