import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import TestSupport
import Testing

@Suite("Whether a feed needs a refresh on launch")
struct LaunchRefreshTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func service(
        clock: TestClock,
        transport: any HTTPTransport,
        policy: RefreshPolicy = .standard,
        withKey: Bool = true,
        bundled: Bool = false
    ) async throws -> ReaderService {
        let client = withKey ? try NYTClient(apiKey: "test-key", transport: transport, now: clock.now) : nil
        let service = ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client, policy: policy, now: clock.now)
        if bundled {
            let world = try Fixtures.data("topstories_world.json")
            try await service.importIfEmpty([BundledFeed(section: .world, json: world)])
        }
        return service
    }

    func worldTransport() throws -> FixedTransport {
        FixedTransport(response: HTTPResponse(status: 200, body: try Fixtures.data("topstories_world.json")))
    }

    @Test("A feed refreshed from the network is fresh for 15 minutes, then stale")
    func freshThenStale() async throws {
        let clock = TestClock(start)
        let service = try await service(clock: clock, transport: try worldTransport())
        #expect(await service.needsRefresh(.topStories(.world)), "never refreshed")
        #expect(await service.refresh(.topStories(.world)).failure == nil)
        #expect(await !service.needsRefresh(.topStories(.world)))
        clock.advance(by: 14 * 60 + 59)
        #expect(await !service.needsRefresh(.topStories(.world)))
        clock.advance(by: 1)
        #expect(await service.needsRefresh(.topStories(.world)))
        #expect(await service.needsRefresh(.topStories(.home)), "another feed has its own age")
    }

    @Test("A refresh dated ahead of now (made under a clock since put back) is stale, not fresh until then")
    func refreshedUnderAClockAhead() async throws {
        let clock = TestClock(start.addingTimeInterval(86_400))
        let service = try await service(clock: clock, transport: try worldTransport())
        #expect(await service.refresh(.topStories(.world)).failure == nil)
        #expect(await !service.needsRefresh(.topStories(.world)))
        clock.advance(by: -86_400)
        #expect(await service.needsRefresh(.topStories(.world)), "refreshed a day from now")
        clock.advance(by: 86_400 - 1_800)
        #expect(await !service.needsRefresh(.topStories(.world)), "half an hour ahead is within the clocks' tolerance")
    }

    @Test("The threshold comes from the policy")
    func policyThreshold() async throws {
        let clock = TestClock(start)
        let service = try await service(clock: clock, transport: try worldTransport(), policy: RefreshPolicy(staleAfter: 60))
        _ = await service.refresh(.topStories(.world))
        clock.advance(by: 59)
        #expect(await !service.needsRefresh(.topStories(.world)))
        clock.advance(by: 1)
        #expect(await service.needsRefresh(.topStories(.world)))
    }

    @Test("The bundled snapshot always asks for a refresh")
    func bundledIsStale() async throws {
        let service = try await service(clock: TestClock(start), transport: try worldTransport(), bundled: true)
        #expect(try await service.status(of: .topStories(.world)).origin == .bundled)
        #expect(await service.needsRefresh(.topStories(.world)))
    }

    @Test("No refresh on launch without a key, for saved articles, or inside a rate-limit window")
    func blocked() async throws {
        let clock = TestClock(start)
        let keyless = try await service(clock: clock, transport: try worldTransport(), withKey: false, bundled: true)
        #expect(await !keyless.needsRefresh(.topStories(.world)))
        let limited = try await service(clock: clock, transport: CountingTransport(status: 429, headers: ["Retry-After": "30"]))
        #expect(await !limited.needsRefresh(.saved))
        #expect(await limited.refresh(.topStories(.world)).failure == .rateLimited(retryAfter: 30))
        #expect(await !limited.needsRefresh(.topStories(.world)))
        #expect(await !limited.needsRefresh(.topStories(.home)), "the limit is per API")
        #expect(await limited.needsRefresh(.search(SearchQuery(text: "x"))), "Article Search has its own limit")
        clock.advance(by: 30)
        #expect(await limited.needsRefresh(.topStories(.world)))
    }

    @Test("A failed refresh does not make the cache fresh")
    func failureKeepsStale() async throws {
        let clock = TestClock(start)
        let service = try await service(clock: clock, transport: CountingTransport(status: 503), bundled: true)
        #expect(await service.refresh(.topStories(.world)).failure == .server(status: 503))
        #expect(await service.needsRefresh(.topStories(.world)))
    }
}
