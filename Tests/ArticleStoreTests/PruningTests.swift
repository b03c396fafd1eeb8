import ArticleStore
import Foundation
import NewsCore
import TestSupport
import Testing

@Suite("Pruning")
struct PruningTests {
    let world = Feed.topStories(.world)
    let home = Feed.topStories(.home)
    let day: TimeInterval = 86_400
    let start = Date(timeIntervalSince1970: 1_763_600_000)

    func ids(_ store: ArticleStore, _ indices: some Sequence<Int>) throws -> [Int] {
        try indices.filter { try store.entry(for: ArticleFactory.article($0).id) != nil }
    }

    @Test("Articles in no feed, not saved and last fetched before the retention window are deleted")
    func retention() throws {
        let store = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 30 * day))
        try store.apply(ArticleFactory.snapshot(world, 0..<4, fetched: start), origin: .network)
        try store.apply(ArticleFactory.snapshot(home, [3], fetched: start), origin: .network)
        try store.setSaved(ArticleFactory.article(1).id, at: start)
        // 0, 1, 2 leave world; 3 stays in home; 4 is new.
        try store.apply(ArticleFactory.snapshot(world, [4], fetched: start.addingTimeInterval(29 * day)), origin: .network)
        #expect(try ids(store, 0..<5) == [0, 1, 2, 3, 4])
        // 31 days after 0 and 2 were last fetched: gone. 1 is saved; 3 is still in home; 4 is in world.
        try store.apply(ArticleFactory.snapshot(world, [4], fetched: start.addingTimeInterval(31 * day)), origin: .network)
        #expect(try ids(store, 0..<5) == [1, 3, 4])
        // Pruned articles leave the full-text index too.
        #expect(Set(try store.search("article", limit: 10).map(\.entry.article.title)) == ["Article 1", "Article 3", "Article 4"])
        #expect(try store.entries(in: .saved, range: 0..<5).map(\.article.title) == ["Article 1"])
    }

    @Test(
        "A refresh whose clock is over an hour from the server's prunes nothing by age (a clock a month ahead deleted searches and read articles); the count cap still holds"
    )
    func clockAheadOfTheServer() throws {
        let store = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 30 * day, maximumUnsavedArticles: 100))
        let search = Feed.search(SearchQuery(text: "election"))
        try store.apply(ArticleFactory.snapshot(search, 10..<13, fetched: start), origin: .network)
        try store.apply(ArticleFactory.snapshot(world, 0..<4, fetched: start), origin: .network)
        let ahead = start.addingTimeInterval(31 * day)
        var skewed = ArticleFactory.snapshot(world, [4], fetched: ahead)
        skewed.serverDate = start.addingTimeInterval(60)
        #expect(skewed.clockDisagrees)
        try store.apply(skewed, origin: .network)
        #expect(try ids(store, 0..<5) == [0, 1, 2, 3, 4], "nothing deleted by the month the clock ran ahead")
        #expect(try store.status(of: search).count == 3, "the search kept")

        var agreeing = ArticleFactory.snapshot(world, [4], fetched: ahead)
        agreeing.serverDate = ahead.addingTimeInterval(-300)
        #expect(!agreeing.clockDisagrees)
        try store.apply(agreeing, origin: .network)
        #expect(try ids(store, 0..<5) == [4], "a clock the server agrees with prunes as before")
        #expect(try store.status(of: search).count == 0)

        let capped = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 30 * day, maximumUnsavedArticles: 100))
        try capped.apply(ArticleFactory.snapshot(world, 0..<150, fetched: start), origin: .network)
        var skewedCapped = ArticleFactory.snapshot(world, [200], fetched: ahead)
        skewedCapped.serverDate = start
        try capped.apply(skewedCapped, origin: .network)
        #expect(try ids(capped, 0..<150).count == 100 - 1, "the cap on unsaved articles holds whatever the clock")
    }

    @Test("An article fetched again unchanged counts from its last fetch: it outlives the window of its first")
    func refetchedUnchanged() throws {
        let store = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 30 * day))
        try store.apply(ArticleFactory.snapshot(world, 0..<3, fetched: start), origin: .network)
        // 0 and 1 come back as they were on day 20; 2 does not.
        try store.apply(ArticleFactory.snapshot(world, 0..<2, fetched: start.addingTimeInterval(20 * day)), origin: .network)
        try store.apply(ArticleFactory.snapshot(home, [5], fetched: start.addingTimeInterval(21 * day)), origin: .network)
        try store.apply(ArticleFactory.snapshot(world, [5], fetched: start.addingTimeInterval(40 * day)), origin: .network)
        #expect(try ids(store, 0..<6) == [0, 1, 5])
    }

    @Test("The retention window comes from the policy")
    func retentionConfigurable() throws {
        let store = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 2 * day))
        try store.apply(ArticleFactory.snapshot(world, 0..<3, fetched: start), origin: .network)
        try store.apply(ArticleFactory.snapshot(world, [2], fetched: start.addingTimeInterval(day)), origin: .network)
        #expect(try ids(store, 0..<3) == [0, 1, 2])
        try store.apply(ArticleFactory.snapshot(world, [2], fetched: start.addingTimeInterval(3 * day)), origin: .network)
        #expect(try ids(store, 0..<3) == [2])
    }

    @Test("A search feed not refreshed within the window is dropped with its articles; section feeds stay")
    func staleSearchFeeds() throws {
        let store = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 30 * day))
        let search = Feed.search(SearchQuery(text: "election"))
        try store.apply(ArticleFactory.snapshot(search, 10..<13, fetched: start), origin: .network)
        try store.apply(ArticleFactory.snapshot(home, [20], fetched: start), origin: .network)
        try store.apply(ArticleFactory.snapshot(world, [0], fetched: start.addingTimeInterval(31 * day)), origin: .network)
        #expect(try store.status(of: search).count == 0)
        #expect(try store.unreadCounts()[search.key] == nil)
        #expect(try ids(store, [10, 11, 12, 20, 0]) == [20, 0])
        #expect(try store.entries(in: home, range: 0..<5).count == 1)
    }

    @Test("Unsaved articles are capped: the least recently fetched in no feed go first; saved and listed ones stay")
    func cap() throws {
        let store = try ArticleStore(inMemoryWith: RetentionPolicy(retention: 30 * day, maximumUnsavedArticles: 5))
        for index in 0..<6 {
            try store.apply(
                ArticleFactory.snapshot(world, [index], fetched: start.addingTimeInterval(TimeInterval(index) * 60)), origin: .network)
            if index == 0 { try store.setSaved(ArticleFactory.article(0).id, at: start) }
        }
        // Six articles, one saved: five unsaved, at the cap.
        #expect(try ids(store, 0..<6) == [0, 1, 2, 3, 4, 5])
        try store.apply(ArticleFactory.snapshot(world, [6, 7], fetched: start.addingTimeInterval(600)), origin: .network)
        // Seven unsaved now: the two fetched longest ago (1, 2) go; 0 is saved; 6, 7 are in the feed.
        #expect(try ids(store, 0..<8) == [0, 3, 4, 5, 6, 7])
        // A feed longer than the cap keeps every article it lists.
        try store.apply(ArticleFactory.snapshot(world, 100..<108, fetched: start.addingTimeInterval(700)), origin: .network)
        #expect(try store.status(of: world).count == 8)
        #expect(try ids(store, 0..<8) == [0])
    }

    @Test("The default policy keeps 30 days and 20,000 unsaved articles")
    func defaults() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<2, fetched: start), origin: .network)
        try store.apply(ArticleFactory.snapshot(world, [2], fetched: start.addingTimeInterval(30 * day - 60)), origin: .network)
        #expect(try ids(store, 0..<3) == [0, 1, 2], "a minute inside 30 days")
        try store.apply(ArticleFactory.snapshot(world, [2], fetched: start.addingTimeInterval(30 * day + 60)), origin: .network)
        #expect(try ids(store, 0..<3) == [2], "a minute past 30 days")

        // 20,001 unsaved articles (2 in world, 9,999 that left home, 10,001 in home): one that left home goes.
        let later = start.addingTimeInterval(31 * day)
        try store.apply(ArticleFactory.snapshot(home, 10..<10_009, fetched: later), origin: .network)
        try store.apply(ArticleFactory.snapshot(home, 10_009..<20_010, fetched: later.addingTimeInterval(60)), origin: .network)
        #expect(try ids(store, 10..<10_009).count == 9_998)
        #expect(try ids(store, 10_009..<20_010).count == 10_001)
    }
}
