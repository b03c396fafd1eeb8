import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import TestSupport
import Testing

@Suite("Rate-limit windows kept in the cache")
struct PersistentRateLimitTests {
    @Test("A second service on the same cache stays inside the window without calling the server")
    func windowSurvivesRestart() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let transport = CountingTransport(status: 429, headers: ["Retry-After": "30"])

        func service() throws -> ReaderService {
            let store = try ArticleStore(path: path)
            return ReaderService(
                store: store,
                client: try NYTClient(apiKey: "test-key", transport: transport, now: clock.now),
                rateLimits: store,
                now: clock.now
            )
        }

        let first = try service()
        #expect(await first.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: 30))
        #expect(transport.count == 1)

        clock.advance(by: 12)
        let second = try service()
        #expect(await second.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: 18))
        #expect(await !second.needsRefresh(.topStories(.world)))
        #expect(transport.count == 1)
        let store = try ArticleStore(path: path)
        #expect(try store.blockedUntil(api: "topstories") == Date(timeIntervalSince1970: 1_800_000_030))

        clock.advance(by: 18)
        let third = try service()
        _ = await third.refresh(.topStories(.world))
        #expect(transport.count == 2, "the window has passed")
    }
}
