import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import TestSupport
import Testing

@Suite("Search pages, searches kept, requests counted", .timeLimit(.minutes(1)))
struct SearchPagingTests {
    let feed = Feed.search(SearchQuery(text: "ukraine", beginDate: "20240101"))

    func service(
        _ transport: any HTTPTransport, spacing: Duration = .zero, store: ArticleStore? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws -> ReaderService {
        ReaderService(
            store: try store ?? ArticleStore(inMemoryWith: .standard),
            client: try NYTClient(apiKey: "test-key", transport: transport, now: now),
            policy: RefreshPolicy(searchPages: 1, requestSpacing: spacing),
            now: now
        )
    }

    @Test("A refresh keeps the first page and the NYT's count; each load adds the next page after it")
    func pages() async throws {
        let page0 = try Fixtures.data("articlesearch_page0.json")
        let page1 = try Fixtures.data("articlesearch_2025shape.json")
        let transport = ScriptedTransport(bodies: [page0, page1])
        let service = try service(transport)

        let first = await service.refresh(feed)
        #expect(first.status.count == 10)
        #expect(first.status.totalHits == 2417)
        #expect(first.status.pageCount == 1)
        #expect(first.status.hasMorePages)
        let firstTitles = try await service.entries(in: feed, range: 0..<10).map(\.article.title)

        let more = await service.loadMore(feed)
        #expect(more.failure == nil)
        #expect(more.status.count == 20)
        #expect(more.status.pageCount == 2)
        #expect(more.status.totalHits == 1873)
        #expect(try await service.entries(in: feed, range: 0..<10).map(\.article.title) == firstTitles)
        #expect(
            try await service.entries(in: feed, range: 10..<11).first?.article.title
                == "Russia and Ukraine Agree to Cease-Fire Framework, but Sticking Points Remain")
        #expect(transport.queries.map { $0["page"] } == ["0", "1"])
        #expect(transport.queries.allSatisfy { $0["begin_date"] == "20240101" && $0["sort"] == "newest" })
    }

    @Test("A stale search with pages read past its first is not refreshed on opening it: a refresh would drop them")
    func pagesKeptWhenStale() async throws {
        let page0 = try Fixtures.data("articlesearch_page0.json")
        let page1 = try Fixtures.data("articlesearch_2025shape.json")
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let service = try service(ScriptedTransport(bodies: [page0, page1]), now: clock.now)
        #expect(await service.refresh(feed).failure == nil)
        clock.advance(by: 3_600)
        #expect(await service.needsRefresh(feed), "one page: a refresh loses nothing")
        #expect(await service.loadMore(feed).failure == nil)
        clock.advance(by: 3_600)
        #expect(await !service.needsRefresh(feed), "two pages")
        #expect(await !service.needsRefresh(feed, olderThan: 60))
        #expect(try await service.status(of: feed).count == 20)
    }

    @Test("A short page is the last: no further request")
    func lastPage() async throws {
        let short = ArticleSearchJSON.body(articles: (0..<3).map { ArticleFactory.article($0) }, hits: 2417)
        let transport = ScriptedTransport(bodies: [short])
        let service = try service(transport)
        let outcome = await service.refresh(feed)
        #expect(outcome.status.count == 3)
        #expect(outcome.status.totalHits == 3)
        #expect(!outcome.status.hasMorePages)
        let more = await service.loadMore(feed)
        #expect(more.failure == nil)
        #expect(transport.requestCount == 1)
    }

    @Test("The next page waits for the spacing between requests, and says how long is left")
    func spacing() async throws {
        let page0 = try Fixtures.data("articlesearch_page0.json")
        let page1 = try Fixtures.data("articlesearch_2025shape.json")
        let transport = ScriptedTransport(bodies: [page0, page1])
        let service = try service(transport, spacing: .seconds(3))
        _ = await service.refresh(feed)
        let wait = await service.requestWait(for: feed)
        #expect(wait > .seconds(1) && wait <= .seconds(3))
        let started = ContinuousClock.now
        _ = await service.loadMore(feed)
        #expect(ContinuousClock.now - started >= .seconds(1))
        #expect(transport.requestCount == 2)
    }

    @Test("A page that arrives after the feed was refreshed again is not added")
    func staleAppend() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = (0..<10).map { ArticleFactory.article($0) }
        try store.apply(FeedSnapshot(feed: feed, articles: articles, fetchedDate: Date(), totalHits: 50, pageCount: 1), origin: .network)
        let page3 = FeedSnapshot(feed: feed, articles: [ArticleFactory.article(40)], fetchedDate: Date(), totalHits: 50, pageCount: 3)
        #expect(try store.appendPage(page3) == nil)
        #expect(try store.status(of: feed).count == 10)
        let page2 = FeedSnapshot(
            feed: feed, articles: [ArticleFactory.article(3), ArticleFactory.article(10)], fetchedDate: Date(), pageCount: 2)
        let changes = try #require(try store.appendPage(page2))
        // The article already listed keeps its place; the new one follows the first page.
        #expect(changes.total == 11)
        #expect(try store.status(of: feed).totalHits == 50)
        #expect(try store.entries(in: feed, range: 10..<11).first?.id == ArticleFactory.article(10).id)
    }

    @Test("Searches are listed newest first; forgetting one takes its articles unless saved or in another feed")
    func keptSearches() async throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let older = Feed.search(SearchQuery(text: "older"))
        let newer = Feed.search(SearchQuery(text: "newer", endDate: "20240131", sort: .oldest))
        let shared = ArticleFactory.article(1)
        let saved = ArticleFactory.article(2)
        let only = ArticleFactory.article(3)
        try store.apply(
            FeedSnapshot(feed: older, articles: [shared, saved, only], fetchedDate: Date(timeIntervalSince1970: 1_800_000_000)),
            origin: .network)
        try store.apply(
            FeedSnapshot(feed: newer, articles: [only], fetchedDate: Date(timeIntervalSince1970: 1_800_000_100)), origin: .network)
        try store.apply(
            FeedSnapshot(feed: .topStories(.world), articles: [shared], fetchedDate: Date(timeIntervalSince1970: 1_800_000_100)),
            origin: .network)
        try store.setSaved(saved.id, at: Date())
        let service = ReaderService(store: store, client: nil)

        #expect(try await service.searchFeeds().map(\.feed) == [newer, older])
        try await service.forget(older)
        #expect(try await service.searchFeeds().map(\.feed) == [newer])
        #expect(try store.entry(for: shared.id) != nil)
        #expect(try store.entry(for: saved.id) != nil)
        #expect(try store.entry(for: only.id) != nil)
        try await service.forget(newer)
        #expect(try await service.searchFeeds().isEmpty)
        #expect(try store.entry(for: only.id) == nil)
        #expect(try store.entry(for: saved.id) != nil)
    }

    @Test("Every request is counted for its API and day; the feed's status says today's count")
    func dailyCounts() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let store = try ArticleStore(inMemoryWith: .standard)
        let page0 = try Fixtures.data("articlesearch_page0.json")
        let transport = ScriptedTransport(bodies: [page0, page0, page0])
        let service = try service(transport, store: store, now: clock.now)
        _ = await service.refresh(feed)
        _ = await service.refresh(feed)
        #expect(try await service.status(of: feed).requestsToday == 2)
        #expect(try await service.status(of: .topStories(.world)).requestsToday == 0)
        clock.advance(by: 86_400)
        let outcome = await service.refresh(feed)
        #expect(outcome.status.requestsToday == 1)
    }
}
