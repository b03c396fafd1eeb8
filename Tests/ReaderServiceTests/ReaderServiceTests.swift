import ArticleStore
import Foundation
import NewsCore
import NYTAPI
import ReaderService
import TestSupport
import Testing

/// Answers every request with the same response.
struct FixedTransport: HTTPTransport {
    let response: HTTPResponse

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        response
    }
}

@Suite("Reader service")
struct ReaderServiceTests {
    func bundledFeeds() throws -> [BundledFeed] {
        [
            BundledFeed(section: .home, json: try Fixtures.data("topstories_home.json")),
            BundledFeed(section: .world, json: try Fixtures.data("topstories_world.json")),
        ]
    }

    @Test("The bundled snapshot is imported into an empty cache once, through the real decoding")
    func importsOnce() throws {
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: nil)
        #expect(try service.importIfEmpty(bundledFeeds()) == 27)
        #expect(try service.importIfEmpty(bundledFeeds()) == 0)
        let home = try service.status(of: .topStories(.home))
        #expect(home.count == 19)
        #expect(home.origin == .bundled)
        #expect(try service.status(of: .topStories(.world)).count == 8)
        #expect(try service.entries(in: .topStories(.home), range: 0..<1).first?.article.title
            == "Russia and Ukraine Agree to Cease-Fire Framework, but Sticking Points Remain")
    }

    @Test("Without a key, refresh never touches the network and says how to set one")
    func noKey() async throws {
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: nil)
        try service.importIfEmpty(bundledFeeds())
        #expect(await service.refreshBlocker() == .noAPIKey)
        let outcome = await service.refresh(.topStories(.home))
        guard case .failed(.noAPIKey, let status) = outcome else {
            Issue.record("expected a no-key failure, got \(outcome)")
            return
        }
        #expect(status.count == 19)
        #expect(RefreshFailure.noAPIKey.message.contains("NYT_API_KEY"))
    }

    @Test("A refresh stores the feed and reports what changed")
    func refresh() async throws {
        let body = try Fixtures.data("topstories_world.json")
        let client = try NYTClient(apiKey: "test-key", transport: FixedTransport(response: HTTPResponse(status: 200, body: body)))
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client)
        let outcome = await service.refresh(.topStories(.world))
        #expect(outcome == .refreshed(RefreshChanges(total: 8, inserted: 8, updated: 0, removed: 0), outcome.status))
        #expect(outcome.status.count == 8)
        #expect(outcome.status.origin == .network)
        let again = await service.refresh(.topStories(.world))
        #expect(again == .refreshed(RefreshChanges(total: 8, inserted: 0, updated: 0, removed: 0), again.status))
    }

    @Test("A server error leaves the cache as it was and is reported")
    func serverError() async throws {
        let client = try NYTClient(apiKey: "test-key", transport: FixedTransport(response: HTTPResponse(status: 503, body: Data())))
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client)
        try service.importIfEmpty(bundledFeeds())
        let outcome = await service.refresh(.topStories(.world))
        #expect(outcome == .failed(.server(status: 503), outcome.status))
        #expect(outcome.status.count == 8)
        #expect(outcome.status.origin == .bundled)
    }
}
