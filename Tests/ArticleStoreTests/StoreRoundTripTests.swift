import Foundation
import NewsCore
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Store round trip")
struct StoreRoundTripTests {
    let world = Feed.topStories(.world)

    @Test("A stored snapshot reads back in rank order, window by window")
    func windows() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let changes = try store.apply(ArticleFactory.snapshot(world, 0..<250), origin: .network)
        #expect(changes == RefreshChanges(total: 250, inserted: 250, updated: 0, removed: 0))

        let status = try store.status(of: world)
        #expect(status.count == 250)
        #expect(status.origin == .network)
        #expect(status.lastRefreshedDate == Date(timeIntervalSince1970: 1_763_600_000))

        let firstWindow = try store.entries(in: world, range: 0..<50)
        #expect(firstWindow.map(\.article.title) == (0..<50).map { "Article \($0)" })
        let lastWindow = try store.entries(in: world, range: 240..<300)
        #expect(lastWindow.map(\.article.title) == (240..<250).map { "Article \($0)" })
        #expect(try store.entries(in: world, range: 300..<310).isEmpty)
        #expect(try store.position(of: ArticleID("nyt://article/test-123"), in: world) == 123)
    }

    @Test("Every field survives the round trip")
    func fields() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var article = ArticleFactory.article(7)
        article.kicker = "Critic’s Notebook"
        article.subsection = "europe"
        article.itemType = "Article"
        article.updatedDate = Date(timeIntervalSince1970: 1_763_700_000)
        article.thumbnailURL = "https://static01.nyt.com/x.jpg"
        try store.apply(
            FeedSnapshot(feed: world, articles: [article], fetchedDate: Date(timeIntervalSince1970: 1_763_700_100)), origin: .bundled)
        let entry = try #require(try store.entry(for: article.id))
        #expect(entry.article == article)
        #expect(!entry.isRead && !entry.isSaved)
        #expect(try store.status(of: world).origin == .bundled)
    }

    @Test("A lead paragraph equal to the abstract reads back as the abstract")
    func leadEqualToAbstract() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var article = ArticleFactory.article(1)
        article.leadParagraph = article.abstract
        try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(try store.entry(for: article.id)?.article.leadParagraph == article.abstract)
    }

    @Test("Upsert updates text and keeps read and saved state")
    func upsertKeepsState() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<3), origin: .network)
        let id = ArticleFactory.article(1).id
        let readDate = Date(timeIntervalSince1970: 1_763_650_000)
        try store.setRead(id, at: readDate)
        try store.setSaved(id, at: readDate)

        var changed = ArticleFactory.snapshot(world, [2, 1, 5])
        changed.articles[1].title = "Article 1, updated"
        let changes = try store.apply(changed, origin: .network)
        #expect(changes == RefreshChanges(total: 3, inserted: 1, updated: 1, removed: 1))

        let entry = try #require(try store.entry(for: id))
        #expect(entry.article.title == "Article 1, updated")
        #expect(entry.readDate == readDate)
        #expect(entry.savedDate == readDate)
        #expect(try store.entries(in: world, range: 0..<10).map(\.article.title) == ["Article 2", "Article 1, updated", "Article 5"])
        #expect(try store.status(of: .saved).count == 1)
        #expect(try store.entries(in: .saved, range: 0..<10).map(\.id) == [id])
    }

    @Test("An empty cache says so; a file cache is created private and reopens")
    func fileCache() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        do {
            let store = try ArticleStore(path: path)
            #expect(try store.isEmpty())
            try store.apply(ArticleFactory.snapshot(world, 0..<5), origin: .network)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let reopened = try ArticleStore(path: path)
        #expect(try !reopened.isEmpty())
        #expect(try reopened.status(of: world).count == 5)
    }

    @Test("A feed never refreshed is empty, not an error")
    func unknownFeed() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        #expect(try store.status(of: .topStories(.home)).count == 0)
        #expect(try store.entries(in: .topStories(.home), range: 0..<10).isEmpty)
    }
}

@Suite("Read state and search, first cut")
struct ReadStateTests {
    let world = Feed.topStories(.world)

    @Test("Next unread wraps around; mark all read clears the feed")
    func unread() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<5), origin: .network)
        for index in [0, 1, 3] {
            try store.setRead(ArticleFactory.article(index).id, at: Date())
        }
        #expect(try store.unreadCount(in: world) == 2)
        #expect(try store.firstUnreadPosition(in: world, after: 0) == 2)
        #expect(try store.firstUnreadPosition(in: world, after: 2) == 4)
        #expect(try store.firstUnreadPosition(in: world, after: 4) == 2)
        #expect(try store.markAllRead(in: world, at: Date()) == 2)
        #expect(try store.unreadCount(in: world) == 0)
        #expect(try store.firstUnreadPosition(in: world, after: 0) == nil)
    }

    @Test("Search finds words by prefix and marks them in the snippet")
    func search() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var articles = (0..<3).map { ArticleFactory.article($0) }
        articles[1].title = "Election night in Denmark"
        try store.apply(FeedSnapshot(feed: world, articles: articles, fetchedDate: Date()), origin: .network)
        let hits = try store.search("elec", limit: 10)
        #expect(hits.map(\.entry.article.title) == ["Election night in Denmark"])
        #expect(hits.first?.snippet.contains("\u{E000}Election\u{E001}") == true)
        #expect(try store.search("zzz", limit: 10).isEmpty)
        #expect(try store.search("", limit: 10).isEmpty)
    }
}
