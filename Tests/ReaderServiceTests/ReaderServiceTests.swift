import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import TestSupport
import Testing

@Suite("Reader service", .timeLimit(.minutes(1)))
struct ReaderServiceTests {
    func bundledFeeds() throws -> [BundledFeed] {
        [
            BundledFeed(section: .home, json: try Fixtures.data("topstories_home.json")),
            BundledFeed(section: .world, json: try Fixtures.data("topstories_world.json")),
        ]
    }

    @Test("The bundled snapshot is imported into an empty cache once, through the real decoding")
    func importsOnce() async throws {
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: nil)
        let feeds = try bundledFeeds()
        #expect(try await service.importIfEmpty(feeds) == 27)
        #expect(try await service.importIfEmpty(feeds) == 0)
        let home = try await service.status(of: .topStories(.home))
        #expect(home.count == 19)
        #expect(home.origin == .bundled)
        #expect(try await service.status(of: .topStories(.world)).count == 8)
        #expect(
            try await service.entries(in: .topStories(.home), range: 0..<1).first?.article.title
                == "Russia and Ukraine Agree to Cease-Fire Framework, but Sticking Points Remain")
    }

    @Test("Without a key, refresh never touches the network and says how to set one")
    func noKey() async throws {
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: nil)
        let feeds = try bundledFeeds()
        try await service.importIfEmpty(feeds)
        #expect(await service.refreshBlocker() == .noAPIKey)
        let outcome = await service.refresh(.topStories(.home))
        guard case .failed(.noAPIKey, let status) = outcome else {
            Issue.record("expected a no-key failure, got \(outcome)")
            return
        }
        #expect(status.count == 19)
    }

    @Test("A refresh stores the feed and reports what changed")
    func refresh() async throws {
        let body = try Fixtures.data("topstories_world.json")
        let client = try NYTClient(apiKey: "test-key", transport: FixedTransport(response: HTTPResponse(status: 200, body: body)))
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client)
        let outcome = await service.refresh(.topStories(.world))
        #expect(outcome.changes == RefreshChanges(total: 8, inserted: 8, updated: 0, removed: 0))
        #expect(outcome.status.count == 8)
        #expect(outcome.status.origin == .network)
        let again = await service.refresh(.topStories(.world))
        #expect(again.changes == RefreshChanges(total: 8, inserted: 0, updated: 0, removed: 0))
    }

    @Test("A server error leaves the cache as it was and is reported")
    func serverError() async throws {
        let client = try NYTClient(apiKey: "test-key", transport: FixedTransport(response: HTTPResponse(status: 503, body: Data())))
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client)
        let feeds = try bundledFeeds()
        try await service.importIfEmpty(feeds)
        let outcome = await service.refresh(.topStories(.world))
        #expect(outcome.failure == .server(status: 503))
        #expect(outcome.status.count == 8)
        #expect(outcome.status.origin == .bundled)
    }

    // MARK: - Failures

    func service(transport: any HTTPTransport) async throws -> ReaderService {
        let client = try NYTClient(apiKey: "test-key", transport: transport)
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client)
        let feeds = try bundledFeeds()
        try await service.importIfEmpty(feeds)
        return service
    }

    @Test(
        "Each HTTP failure keeps the cache and says why",
        arguments: [
            (401, RefreshFailure.unauthorized(status: 401)),
            (403, .unauthorized(status: 403)),
            (404, .notFound),
            (429, .rateLimited(retryAfter: 60)),
            (500, .server(status: 500)),
            (503, .server(status: 503)),
        ])
    func httpFailures(status: Int, expected: RefreshFailure) async throws {
        let service = try await service(transport: FixedTransport(response: HTTPResponse(status: status, body: Data("{}".utf8))))
        let outcome = await service.refresh(.topStories(.world))
        #expect(outcome.failure == expected)
        #expect(outcome.status.count == 8)
        #expect(outcome.status.lastError == String(describing: expected))
        #expect(
            try await service.entries(in: .topStories(.world), range: 0..<1).first?.article.title
                == "Russia and Ukraine Agree to Cease-Fire Framework, but Sticking Points Remain")
    }

    @Test("A 429 with Retry-After says how long to wait")
    func retryAfter() async throws {
        let service = try await service(
            transport: FixedTransport(response: HTTPResponse(status: 429, headers: ["Retry-After": "7"], body: Data())))
        let outcome = await service.refresh(.topStories(.world))
        #expect(outcome.failure == .rateLimited(retryAfter: 7))
    }

    @Test(
        "Failures below HTTP keep the cache",
        arguments: [
            (TransportError.timeout, RefreshFailure.timeout),
            (.offline(reason: "connection refused"), .offline),
        ])
    func transportFailures(error: TransportError, expected: RefreshFailure) async throws {
        let service = try await service(transport: FailingTransport(error: error))
        let outcome = await service.refresh(.topStories(.world))
        #expect(outcome.failure == expected)
        #expect(outcome.status.count == 8)
    }

    @Test(
        "Unreadable bodies keep the cache",
        arguments: [
            ("<html><body>Bad gateway</body></html>", RefreshFailure.malformed),
            (#"{"status":"OK","results":[{"uri":"nyt://x","title":"Cut of"#, .malformed),
            (#"{"status":"ERROR","results":[]}"#, .apiStatus("ERROR")),
            (#"{"status":"OK","results":[{"uri":5,"title":7},{"uri":[],"title":{}}]}"#, .malformed),
        ])
    func bodyFailures(body: String, expected: RefreshFailure) async throws {
        let service = try await service(transport: FixedTransport(response: HTTPResponse(status: 200, body: Data(body.utf8))))
        let outcome = await service.refresh(.topStories(.world))
        #expect(outcome.failure == expected)
        #expect(outcome.status.count == 8)
        #expect(outcome.status.origin == .bundled)
    }

    // MARK: - Cancellation

    @Test("A newer refresh of the same feed cancels the one in flight, which writes nothing")
    func newerRefreshCancels() async throws {
        let world = try Fixtures.data("topstories_world.json")
        let home = try Fixtures.data("topstories_home.json")
        let transport = ScriptedTransport(bodies: [home, world], holding: true)
        let client = try NYTClient(apiKey: "test-key", transport: transport)
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client)

        async let first = service.refresh(.topStories(.world))
        try await transport.waitForRequests(1)
        async let second = service.refresh(.topStories(.world))
        try await transport.waitForRequests(2)
        transport.release()
        let (firstOutcome, secondOutcome) = await (first, second)
        #expect(firstOutcome.failure == .cancelled)
        #expect(secondOutcome.changes == RefreshChanges(total: 8, inserted: 8, updated: 0, removed: 0))
        #expect(secondOutcome.status.count == 8)
        #expect(secondOutcome.status.lastError == nil)
    }

    @Test("Cancelling the caller cancels its refresh")
    func callerCancellation() async throws {
        let transport = ScriptedTransport(bodies: [try Fixtures.data("topstories_world.json")], holding: true)
        let client = try NYTClient(apiKey: "test-key", transport: transport)
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client)
        let task = Task { await service.refresh(.topStories(.world)) }
        try await transport.waitForRequests(1)
        task.cancel()
        transport.release()
        let outcome = await task.value
        #expect(outcome.failure == .cancelled)
        #expect(outcome.status.count == 0)
    }

    @Test("A search feed fetches its pages in order, stopping at a short page")
    func searchPages() async throws {
        let page = try Fixtures.data("articlesearch_page0.json")
        let last = try Fixtures.data("articlesearch_2025shape.json")
        let transport = ScriptedTransport(bodies: [page, last, page])
        let client = try NYTClient(apiKey: "test-key", transport: transport)
        let service = ReaderService(
            store: try ArticleStore(inMemoryWith: .standard),
            client: client,
            policy: RefreshPolicy(searchPages: 3, requestSpacing: .zero)
        )
        let feed = Feed.search(SearchQuery(text: "ukraine"))
        let outcome = await service.refresh(feed)
        // Two full pages of 10 (the second shares no uri with the first), then a third full page repeating the first.
        #expect(outcome.status.count == 20)
        #expect(transport.requestCount == 3)
        let titles = try await service.entries(in: feed, range: 0..<20).map(\.article.title)
        #expect(titles.first == "Russia Launches One of Its Largest Aerial Assaults on Ukraine")
        #expect(titles[10] == "Russia and Ukraine Agree to Cease-Fire Framework, but Sticking Points Remain")
    }

    // MARK: - Rate limits

    @Test("After a 429 the service stays away until the window passes, without calling the server")
    func rateLimitWindow() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let transport = CountingTransport(status: 429, headers: ["Retry-After": "30"])
        let memory = TransientRateLimitMemory()
        let service = ReaderService(
            store: try ArticleStore(inMemoryWith: .standard),
            client: try NYTClient(apiKey: "test-key", transport: transport),
            rateLimits: memory,
            now: clock.now
        )
        #expect(await service.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: 30))
        #expect(transport.count == 1)
        clock.advance(by: 10)
        #expect(await service.refresh(.topStories(.home)).failure == .rateLimited(retryAfter: 20))
        #expect(transport.count == 1)
        // Article Search has its own limit.
        _ = await service.refresh(.search(SearchQuery(text: "x")))
        #expect(transport.count == 2)
        clock.advance(by: 21)
        _ = await service.refresh(.topStories(.world))
        #expect(transport.count == 3)
        #expect(memory.blockedUntil(api: "topstories") == Date(timeIntervalSince1970: 1_800_000_061))
    }

    @Test("A 429 without Retry-After backs off for the policy's time")
    func defaultBackoff() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let service = ReaderService(
            store: try ArticleStore(inMemoryWith: .standard),
            client: try NYTClient(apiKey: "test-key", transport: CountingTransport(status: 429)),
            policy: RefreshPolicy(rateLimitBackoff: 60),
            now: clock.now
        )
        #expect(await service.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: 60))
        clock.advance(by: 45)
        #expect(await service.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: 15))
    }
}
