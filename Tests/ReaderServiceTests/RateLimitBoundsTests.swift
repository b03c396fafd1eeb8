import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import TestSupport
import Testing

/// Waits a server asks for, and blocks a cache remembers, are bounded: nothing blocks refreshes for more
/// than an hour, and no value traps.
@Suite("Rate-limit waits, bounded", .timeLimit(.minutes(1)))
struct RateLimitBoundsTests {
    @Test("A rate limit stops the feeds of its own API only; no key or no network stops every feed; a server error none")
    func whatAFailureStops() {
        let world = Feed.topStories(.world)
        let limited = RefreshFailure.rateLimited(retryAfter: 30)
        #expect(limited.stops(.topStories(.home), after: world))
        #expect(!limited.stops(.mostPopular(.viewed, .week), after: world))
        #expect(!limited.stops(.search(SearchQuery(text: "x")), after: world))
        #expect(RefreshFailure.offline.stops(.mostPopular(.viewed, .week), after: world))
        #expect(RefreshFailure.noAPIKey.stops(.latest, after: world))
        #expect(!RefreshFailure.server(status: 503).stops(.topStories(.home), after: world))
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("Retry-After 2^63−1 blocks for one hour, then the server is asked again")
    func hugeRetryAfter() async throws {
        let clock = TestClock(Self.start)
        let transport = CountingTransport(status: 429, headers: ["Retry-After": "9223372036854775807"])
        let store = try ArticleStore(inMemoryWith: .standard)
        let service = ReaderService(
            store: store, client: try NYTClient(apiKey: "k", transport: transport, now: clock.now), rateLimits: store, now: clock.now
        )
        #expect(await service.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: 3_600))
        #expect(try store.blockedUntil(api: "topstories") == Self.start.addingTimeInterval(3_600))
        clock.advance(by: 3_599)
        #expect(await service.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: 1))
        #expect(transport.count == 1)
        clock.advance(by: 2)
        _ = await service.refresh(.topStories(.world))
        #expect(transport.count == 2)
    }

    @Test(
        "A stored block further ahead than an hour (or not a number) is forgotten, and the refresh goes out",
        arguments: [1e15, 3_601, Double.greatestFiniteMagnitude])
    func absurdStoredBlock(ahead: Double) async throws {
        let clock = TestClock(Self.start)
        let transport = CountingTransport(status: 503)
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.setBlockedUntil(Date(timeIntervalSince1970: Self.start.timeIntervalSince1970 + ahead), api: "topstories")
        let service = ReaderService(
            store: store, client: try NYTClient(apiKey: "k", transport: transport, now: clock.now), rateLimits: store, now: clock.now
        )
        #expect(await service.needsRefresh(.topStories(.world)))
        #expect(await service.refresh(.topStories(.world)).failure == .server(status: 503))
        #expect(transport.count == 1, "the server was asked")
        #expect(try store.blockedUntil(api: "topstories") == nil, "the block was repaired")
    }

    @Test("A backoff policy of any size becomes a wait within the bounds")
    func backoffPolicy() async throws {
        for (backoff, wait) in [(TimeInterval.infinity, 3_600), (-5, 1), (1e300, 3_600), (90, 90)] {
            let service = ReaderService(
                store: try ArticleStore(inMemoryWith: .standard),
                client: try NYTClient(apiKey: "k", transport: CountingTransport(status: 429)),
                policy: RefreshPolicy(rateLimitBackoff: backoff)
            )
            #expect(await service.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: wait), "\(backoff)")
        }
    }
}
