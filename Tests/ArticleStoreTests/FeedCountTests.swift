import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// The unread and total counts kept beside each feed, checked against a plain count of the rows after
/// random sequences of everything that changes them.
@Suite("Feed counts")
struct FeedCountTests {
    static let feeds: [Feed] = [
        .topStories(.world), .topStories(.home), .latest, .mostPopular(.viewed, .day),
        .search(SearchQuery(text: "ocean")), .search(SearchQuery(text: "river", beginDate: "20240101")),
    ]
    static let months = [
        ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 30_000))!,
        ArchiveMonth("2024-04", latest: ArchiveMonth(containingDay: 30_000))!,
    ]

    /// Every feed's counts as a plain SQL count of its rows (and the saved articles'), by key.
    static func plainCounts(_ store: ArticleStore) throws -> [String: FeedCounts] {
        try store.writer.read { db in
            var counts: [String: FeedCounts] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT f.key, COUNT(fi.articleId), COUNT(fi.articleId) - COUNT(a.readAt), f.lastError IS NOT NULL
                    FROM feed f LEFT JOIN feedItem fi ON fi.feedId = f.id LEFT JOIN article a ON a.id = fi.articleId
                    GROUP BY f.id
                    """)
            {
                counts[try row[0]] = FeedCounts(unread: try row[2], total: try row[1], lastRefreshFailed: try row[3])
            }
            counts["saved"] = FeedCounts(
                unread: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article WHERE savedAt IS NOT NULL AND readAt IS NULL") ?? 0,
                total: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article WHERE savedAt IS NOT NULL") ?? 0
            )
            return counts
        }
    }

    @Test(
        "After random refreshes, pages, archive imports, marks, saves, mark-all-read and forgets, every count is the plain count",
        arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomSequences(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let store = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 86_400, maximumUnsavedArticles: 100))
        var clock = Date(timeIntervalSince1970: 1_763_600_000)
        let pool = 160
        for step in 0..<250 {
            clock = clock.addingTimeInterval(Double(pick(4) * 20_000))
            let article = ArticleID("nyt://article/test-\(pick(pool))")
            switch pick(12) {
            case 0, 1, 2:
                let feed = Self.feeds[pick(Self.feeds.count)]
                let start = pick(pool - 40)
                var indices = Array(start..<(start + pick(40)))
                if !indices.isEmpty, pick(3) == 0 { indices.append(indices[0]) }  // a uri listed twice
                try store.apply(ArticleFactory.snapshot(feed, indices, fetched: clock), origin: pick(5) == 0 ? .bundled : .network)
            case 3:
                let feed = Self.feeds[4 + pick(2)]
                let pages = try store.status(of: feed).pageCount
                var snapshot = ArticleFactory.snapshot(feed, (0..<10).map { _ in pick(pool) }, fetched: clock)
                snapshot.pageCount = pages + 1
                try store.appendPage(snapshot)
            case 4:
                let month = Self.months[pick(Self.months.count)]
                try store.beginImport(of: month)
                for _ in 0..<(1 + pick(2)) {
                    try store.stageBatch((0..<pick(30)).map { _ in ArticleFactory.article(pick(pool)) }, of: month)
                }
                if pick(3) > 0 {
                    try store.completeImport(of: month, hits: nil, byteCount: 100, fetchedDate: clock, at: clock)
                } else {
                    try store.keepInPart(of: month, fetchedDate: clock)
                }
            case 5, 6:
                try Self.unlessGone { try store.setRead(article, at: pick(3) == 0 ? nil : clock) }
            case 7:
                try Self.unlessGone { try store.setSaved(article, at: pick(2) == 0 ? nil : clock) }
            case 8:
                let feed = (Self.feeds + [.saved] + Self.months.map(Feed.archive))[pick(Self.feeds.count + 3)]
                try store.markAllRead(in: feed, at: clock)
            case 9:
                let feed = (Array(Self.feeds.suffix(2)) + Self.months.map(Feed.archive))[pick(4)]
                try store.forget(feed)
            case 10:
                try store.recordFailure(of: Self.feeds[pick(Self.feeds.count)], message: "NYT server error 503")
            default:
                try Self.unlessGone { try store.setRead(article, at: clock) }
                try Self.unlessGone { try store.setRead(article, at: clock) }
            }
            let kept = try store.feedCounts()
            let plain = try Self.plainCounts(store)
            try #require(kept == plain, "step \(step) of seed \(seed)")
            for feed in Self.feeds + [.saved] + Self.months.map(Feed.archive) {
                let status = try store.status(of: feed)
                let expected = plain[feed.key] ?? FeedCounts(unread: 0, total: 0)
                try #require(status.counts == expected, "\(feed) at step \(step) of seed \(seed)")
                try #require(try store.count(in: feed, filter: FeedFilter(unreadOnly: true)) == expected.unread)
            }
        }
    }

    @Test("An unread-only view lists the unread articles in order, and keeps the one it is told to keep when read")
    func unreadOnly() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let world = Feed.topStories(.world)
        try store.apply(ArticleFactory.snapshot(world, 0..<8), origin: .network)
        let date = Date(timeIntervalSince1970: 1_763_600_100)
        for index in [1, 2, 5] { try store.setRead(ArticleFactory.article(index).id, at: date) }
        let unread = FeedFilter(unreadOnly: true)
        #expect(
            try store.entries(in: world, range: 0..<10, filter: unread).map(\.article.title) == [
                "Article 0", "Article 3", "Article 4", "Article 6", "Article 7",
            ])
        #expect(try store.entries(in: world, range: 2..<4, filter: unread).map(\.article.title) == ["Article 4", "Article 6"])
        #expect(try store.count(in: world, filter: unread) == 5)
        #expect(try store.position(of: ArticleFactory.article(6).id, in: world, filter: unread) == 3)
        #expect(try store.position(of: ArticleFactory.article(5).id, in: world, filter: unread) == nil, "read: not in the view")

        let keeping = FeedFilter(unreadOnly: true, keeping: ArticleFactory.article(5).id)
        #expect(
            try store.entries(in: world, range: 0..<10, filter: keeping).map(\.article.title)
                == ["Article 0", "Article 3", "Article 4", "Article 5", "Article 6", "Article 7"])
        #expect(try store.count(in: world, filter: keeping) == 6)
        #expect(try store.position(of: ArticleFactory.article(5).id, in: world, filter: keeping) == 3)
        #expect(try store.position(of: ArticleFactory.article(6).id, in: world, filter: keeping) == 4)
        #expect(
            try store.count(in: world, filter: FeedFilter(unreadOnly: true, keeping: ArticleFactory.article(6).id)) == 5,
            "an unread kept article counts once")

        for index in [0, 3, 5] { try store.setSaved(ArticleFactory.article(index).id, at: date.addingTimeInterval(Double(index))) }
        #expect(try store.entries(in: .saved, range: 0..<10, filter: unread).map(\.article.title) == ["Article 3", "Article 0"])
        let savedKeeping = FeedFilter(unreadOnly: true, keeping: ArticleFactory.article(5).id)
        #expect(
            try store.entries(in: .saved, range: 0..<10, filter: savedKeeping).map(\.article.title) == [
                "Article 5", "Article 3", "Article 0",
            ])
        #expect(try store.position(of: ArticleFactory.article(0).id, in: .saved, filter: savedKeeping) == 2)
        #expect(try store.count(in: .saved, filter: savedKeeping) == 3)
        #expect(try store.count(in: .saved, filter: unread) == 2)
    }

    /// Runs a mark of an article the random steps may have pruned or forgotten already: that one is refused
    /// (`articleGone`), and changes nothing.
    static func unlessGone(_ mark: () throws -> Void) throws {
        do {
            try mark()
        } catch let error as StoreError where error.code == .articleGone {
            return
        }
    }
}
