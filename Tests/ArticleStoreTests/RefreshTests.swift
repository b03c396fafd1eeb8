import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Refresh")
struct RefreshTests {
    let world = Feed.topStories(.world)
    let home = Feed.topStories(.home)

    @Test("Upsert by uri: the newest text wins, read and saved state stay")
    func newestTextWins() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<3), origin: .network)
        let id = ArticleFactory.article(0).id
        let readDate = Date(timeIntervalSince1970: 1_763_600_500)
        let savedDate = Date(timeIntervalSince1970: 1_763_600_600)
        try store.setRead(id, at: readDate)
        try store.setSaved(id, at: savedDate)

        var newer = ArticleFactory.article(0)
        newer.title = "Article 0, new title"
        newer.abstract = "Fresh summary."
        newer.url = "https://www.nytimes.com/new-url.html"
        newer.updatedDate = Date(timeIntervalSince1970: 1_763_601_000)
        let changes = try store.apply(
            FeedSnapshot(feed: home, articles: [newer], fetchedDate: Date(timeIntervalSince1970: 1_763_601_100)), origin: .network)
        #expect(changes == RefreshChanges(total: 1, inserted: 0, updated: 1, removed: 0))

        let entry = try #require(try store.entry(for: id))
        #expect(entry.article == newer)
        #expect(entry.readDate == readDate)
        #expect(entry.savedDate == savedDate)
        #expect(try store.search("new title", limit: 5).map(\.entry.id) == [id])
        #expect(try store.search("abstract", limit: 5).count == 2)
        #expect(try store.search("abstract", limit: 5).map(\.entry.id).contains(id) == false)
        // The article is the same row in both feeds.
        #expect(try store.entries(in: world, range: 0..<1).first?.article.title == "Article 0, new title")
    }

    @Test("A fetch carrying an older revision (earlier updated date) does not replace newer text")
    func olderRevisionLoses() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var current = ArticleFactory.article(0, title: "Current headline")
        current.updatedDate = Date(timeIntervalSince1970: 1_763_602_000)
        try store.apply(
            FeedSnapshot(feed: world, articles: [current], fetchedDate: Date(timeIntervalSince1970: 1_763_602_100)), origin: .network)
        var stale = ArticleFactory.article(0, title: "Stale headline")
        stale.updatedDate = Date(timeIntervalSince1970: 1_763_601_000)
        let changes = try store.apply(
            FeedSnapshot(feed: home, articles: [stale], fetchedDate: Date(timeIntervalSince1970: 1_763_602_200)), origin: .network)
        #expect(changes == RefreshChanges(total: 1, inserted: 0, updated: 0, removed: 0))
        #expect(try store.entry(for: current.id)?.article.title == "Current headline")
        #expect(try store.entries(in: home, range: 0..<5).map(\.article.title) == ["Current headline"])
    }

    @Test("The same text again is neither inserted nor updated")
    func unchanged() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<10), origin: .network)
        let again = try store.apply(ArticleFactory.snapshot(world, 0..<10), origin: .network)
        #expect(again == RefreshChanges(total: 10, inserted: 0, updated: 0, removed: 0))
    }

    @Test("Membership is replaced and the new order kept; articles that left a feed stay cached")
    func membershipReplaced() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<6), origin: .network)
        try store.apply(ArticleFactory.snapshot(home, [1, 2]), origin: .network)
        let changes = try store.apply(ArticleFactory.snapshot(world, [5, 7, 0, 3]), origin: .network)
        #expect(changes == RefreshChanges(total: 4, inserted: 1, updated: 0, removed: 3))
        #expect(try store.entries(in: world, range: 0..<10).map(\.article.title) == ["Article 5", "Article 7", "Article 0", "Article 3"])
        #expect(try store.position(of: ArticleFactory.article(0).id, in: world) == 2)
        #expect(try store.position(of: ArticleFactory.article(1).id, in: world) == nil)
        #expect(try store.status(of: world).count == 4)
        // Other feeds are untouched; an article that left every feed is still there until pruned.
        #expect(try store.entries(in: home, range: 0..<10).map(\.article.title) == ["Article 1", "Article 2"])
        #expect(try store.entry(for: ArticleFactory.article(4).id) != nil)
    }

    @Test("A snapshot listing a uri twice keeps its first place and first text")
    func duplicateURIs() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var articles = [0, 1, 2, 1, 0].map { ArticleFactory.article($0) }
        articles[3].title = "Second copy of article 1"
        let changes = try store.apply(FeedSnapshot(feed: world, articles: articles, fetchedDate: Date()), origin: .network)
        #expect(changes == RefreshChanges(total: 3, inserted: 3, updated: 0, removed: 0))
        #expect(try store.entries(in: world, range: 0..<10).map(\.article.title) == ["Article 0", "Article 1", "Article 2"])
        #expect(try store.status(of: world).count == 3)
        #expect(try store.unreadCount(in: world) == 3)
    }

    @Test(
        "A refresh records when; a failure records why (the feed's counts say it failed) and keeps the articles; the next success clears it"
    )
    func refreshOutcomeRecorded() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let first = Date(timeIntervalSince1970: 1_763_600_000)
        try store.apply(ArticleFactory.snapshot(world, 0..<3, fetched: first), origin: .network)
        try store.recordFailure(of: world, message: "NYT server error 503")
        var status = try store.status(of: world)
        #expect(
            status
                == FeedStatus(
                    feed: world, count: 3, unreadCount: 3, lastRefreshedDate: first, origin: .network, lastError: "NYT server error 503"))
        #expect(try store.feedCounts()[world.key] == FeedCounts(unread: 3, total: 3, lastRefreshFailed: true), "the picker marks it")

        let second = first.addingTimeInterval(900)
        try store.apply(ArticleFactory.snapshot(world, 0..<2, fetched: second), origin: .network)
        status = try store.status(of: world)
        #expect(status == FeedStatus(feed: world, count: 2, unreadCount: 2, lastRefreshedDate: second, origin: .network, lastError: nil))
        #expect(try store.feedCounts()[world.key] == FeedCounts(unread: 2, total: 2))

        try store.recordFailure(of: home, message: "Offline — the NYT could not be reached")
        #expect(try store.status(of: home) == FeedStatus(feed: home, count: 0, lastError: "Offline — the NYT could not be reached"))
    }

    @Test("A refresh that fails part-way changes nothing")
    func failedRefreshChangesNothing() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<5), origin: .network)
        try store.setRead(ArticleFactory.article(1).id, at: Date(timeIntervalSince1970: 1_763_600_100))
        // Make the membership step fail after every article was already upserted.
        try store.writer.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER failMembership BEFORE INSERT ON feedItem WHEN new.rank = 4
                    BEGIN SELECT RAISE(ABORT, 'injected failure'); END
                    """)
        }
        var changed = ArticleFactory.snapshot(world, [9, 8, 7, 1, 0], fetched: Date(timeIntervalSince1970: 1_763_700_000))
        changed.articles[3].title = "Changed title"
        #expect(throws: StoreError.self) { try store.apply(changed, origin: .network) }

        #expect(try store.entries(in: world, range: 0..<10).map(\.article.title) == (0..<5).map { "Article \($0)" })
        #expect(try store.entry(for: ArticleFactory.article(9).id) == nil)
        #expect(try store.status(of: world).lastRefreshedDate == Date(timeIntervalSince1970: 1_763_600_000))
        #expect(try store.unreadCount(in: world) == 4)
        #expect(try store.search("Changed", limit: 5).isEmpty)
    }
}
