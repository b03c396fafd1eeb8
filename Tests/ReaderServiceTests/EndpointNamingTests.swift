import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import TestSupport
import Testing

/// The service counts requests and keeps rate-limit windows per NYT API under the names the client's
/// endpoints give: a refresh of each kind of feed is counted for that feed, and a 429 keeps that feed's
/// next refresh from the network.
@Suite("Requests counted and limited per endpoint's API")
struct EndpointNamingTests {
    static let march = ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!

    /// Every kind of feed the NYT serves, with the path it is asked at and a body it answers with.
    static func feeds() throws -> [(Feed, String, Data)] {
        [
            (.topStories(.world), FakeNYTServer.topStoriesPath("world"), try Fixtures.data("topstories_world.json")),
            (.search(SearchQuery(text: "climate")), FakeNYTServer.articleSearchPath, try Fixtures.data("articlesearch_2025shape.json")),
            (.mostPopular(.viewed, .day), FakeNYTServer.mostPopularPath("viewed", days: 1), try Fixtures.data("mostpopular_viewed_1.json")),
            (.latest, FakeNYTServer.newswirePath, try Fixtures.data("newswire_all.json")),
            (.archive(march), FakeNYTServer.archivePath(year: 2024, month: 3), ArchiveMonthJSON.body(year: 2024, month: 3, count: 20)),
        ]
    }

    @Test("Each feed's refresh is counted under its endpoint's API, and only there")
    func counted() async throws {
        let feeds = try Self.feeds()
        let transport = PathTransport(Dictionary(uniqueKeysWithValues: feeds.map { ($0.1, $0.2) }))
        let client = try NYTClient(apiKey: "test-key", transport: transport)
        let service = ReaderService(
            store: try ArticleStore(inMemoryWith: .standard), client: client, policy: RefreshPolicy(requestSpacing: .zero))
        for (index, (feed, _, _)) in feeds.enumerated() {
            let outcome = await service.refresh(feed)
            #expect(outcome.failure == nil, "\(feed): \(String(describing: outcome.failure))")
            #expect(outcome.status.requestsToday == 1, "\(feed)")
            for (other, _, _) in feeds[(index + 1)...] {
                #expect(try await service.status(of: other).requestsToday == 0, "\(other) after \(feed)")
            }
        }
        #expect(transport.requests == feeds.map(\.1))
    }

    @Test("A 429 for one feed keeps that feed's next refresh off the network, under its endpoint's API")
    func limited() async throws {
        for (feed, path, _) in try Self.feeds() {
            let transport = PathTransport()
            transport.set(status: 429, for: path)
            let store = try ArticleStore(inMemoryWith: .standard)
            let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
            let client = try NYTClient(apiKey: "test-key", transport: transport, now: clock.now)
            let service = ReaderService(store: store, client: client, rateLimits: store, now: clock.now)
            #expect(await service.refresh(feed).failure == .rateLimited(retryAfter: 60), "\(feed)")
            #expect(await service.refresh(feed).failure == .rateLimited(retryAfter: 60), "\(feed)")
            #expect(transport.requests == [path], "\(feed): the second refresh stayed away")
            #expect(try store.blockedUntil(api: try #require(Endpoint(feed)).api.rawValue) != nil, "\(feed)")
        }
    }
}
