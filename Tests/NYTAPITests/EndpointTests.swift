import Foundation
import NYTAPI
import NewsCore
import Synchronization
import TestSupport
import Testing

@Suite("NYT endpoints")
struct EndpointTests {
    static let march = ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!

    @Test("Each feed the NYT serves has its endpoint: path, API, response shape")
    func fromFeeds() throws {
        let cases: [(Feed, String, Endpoint.API, ResponseShape)] = [
            (.topStories(.world), "/svc/topstories/v2/world.json", .topStories, .stories),
            (.topStories(Section(rawValue: "books/review")), "/svc/topstories/v2/books/review.json", .topStories, .stories),
            (.search(SearchQuery(text: "x")), "/svc/search/v2/articlesearch.json", .articleSearch, .search),
            (.mostPopular(.emailed, .month), "/svc/mostpopular/v2/emailed/30.json", .mostPopular, .popular),
            (.latest, "/svc/news/v3/content/all/all.json", .newswire, .stories),
            (.archive(Self.march), "/svc/archive/v1/2024/3.json", .archive, .archive),
        ]
        for (feed, path, api, shape) in cases {
            let endpoint = try #require(Endpoint(feed))
            #expect(endpoint.path == path)
            #expect(endpoint.api == api)
            #expect(endpoint.shape == shape)
        }
        #expect(Endpoint(.saved) == nil)
        #expect(Endpoint.API.allCases.map(\.rawValue) == ["topstories", "articlesearch", "mostpopular", "newswire", "archive"])
        #expect(ResponseShape.archive.maximumBodySize == 100 << 20)
        #expect(ResponseShape.stories.maximumBodySize == nil)
        #expect(ResponseShape.search.listPath == ["response", "docs"])
        #expect(!ResponseShape.archive.requiresStatus)
    }

    @Test("The client sends each endpoint to its path and names its API to the observer before the request")
    func observedNames() async throws {
        let server = try FakeNYTServer()
        server.setBody(ArchiveMonthJSON.body(year: 2024, month: 3, count: 3), for: FakeNYTServer.archivePath(year: 2024, month: 3))
        let named = Mutex<[String]>([])
        let client = try NYTClient(apiKey: "endpoint-key", baseURL: server.baseURL, transport: CurlTransport(), timeout: 10)
            .observingRequests { name in named.withLock { $0.append(name) } }
        let feeds: [Feed] = [
            .topStories(.world), .search(SearchQuery(text: "climate")), .mostPopular(.viewed, .day), .latest, .archive(Self.march),
        ]
        _ = try await client.topStories(.world)
        _ = try await client.articleSearch(SearchQuery(text: "climate"), page: 0)
        _ = try await client.mostPopular(.viewed, period: .day)
        _ = try await client.latest()
        _ = try await client.archive(Self.march) { _, _ in }
        let endpoints = try feeds.map { try #require(Endpoint($0)) }
        #expect(named.withLock { $0 } == endpoints.map(\.api.rawValue))
        #expect(server.requests.map(\.path) == endpoints.map(\.path))
        #expect(server.requests[3].query["limit"] == String(Endpoint.newswireLimit))
    }
}
