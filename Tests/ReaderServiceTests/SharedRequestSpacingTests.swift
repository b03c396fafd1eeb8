import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import Synchronization
import TestSupport
import Testing

/// Answers every request with one body, `answerTime` after it came, and notes when each path was asked
/// and when its answer left.
final class TimedTransport: HTTPTransport {
    private let body: Data
    private let answerTime: Duration
    private let log = Mutex<[(path: String, date: Date)]>([])
    private let answers = Mutex<[Date]>([])

    init(body: Data, answerTime: Duration = .zero) {
        self.body = body
        self.answerTime = answerTime
    }

    var requests: [(path: String, date: Date)] { log.withLock { $0 } }
    var answered: [Date] { answers.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        log.withLock { $0.append((request.url.path, Date())) }
        if answerTime > .zero { try? await Task.sleep(for: answerTime) }
        answers.withLock { $0.append(Date()) }
        return HTTPResponse(status: 200, body: body)
    }
}

@Suite("The spacing between requests, shared by every process using the cache", .timeLimit(.minutes(2)))
struct SharedRequestSpacingTests {
    /// The spacing of tests that wait it out: long enough that the first request's refresh, on a loaded
    /// machine, ends well before it.
    static let spacing = Duration.seconds(5)
    /// The spacing of tests that never wait it out.
    static let longSpacing = Duration.seconds(60)

    /// A service on the cache at `path`, as another process would open it.
    static func service(
        _ path: String, _ transport: TimedTransport, spacing: Duration = spacing, waitsForOthers: Bool = true,
        onWait: RequestWaitObserver? = nil
    ) throws -> ReaderService {
        let store = try ArticleStore(path: path)
        return ReaderService(
            store: store, client: try NYTClient(apiKey: "test-key", transport: transport),
            policy: RefreshPolicy(requestSpacing: spacing, waitsForOthers: waitsForOthers), rateLimits: store, onRequestWait: onWait
        )
    }

    /// A cache through which one process has just asked Top Stories, `longSpacing` apart, and its transport.
    static func afterOneRequest() async throws -> (TemporaryDirectory, TimedTransport) {
        let directory = try TemporaryDirectory()
        let transport = TimedTransport(body: try Fixtures.data("topstories_world.json"))
        let first = try service(directory.path("cache.sqlite"), transport, spacing: longSpacing)
        #expect(await first.refresh(.topStories(.world)).failure == nil)
        return (directory, transport)
    }

    @Test("A second process's request to the same API waits for the spacing after the first's, and says so; another API does not wait")
    func secondProcessWaits() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let transport = TimedTransport(body: try Fixtures.data("topstories_world.json"))
        let waits = Mutex<[(Endpoint.API, Duration)]>([])
        let first = try Self.service(path, transport)
        let second = try Self.service(path, transport) { api, wait, _ in waits.withLock { $0.append((api, wait)) } }

        #expect(await first.refresh(.topStories(.world)).failure == nil)
        #expect(await second.refresh(.latest).failure == nil)
        #expect(waits.withLock { $0.isEmpty }, "the Newswire is another API, with a spacing of its own")
        #expect(await second.refresh(.topStories(.home)).failure == nil)

        let requests = transport.requests
        #expect(
            requests.map(\.path) == ["/svc/topstories/v2/world.json", "/svc/news/v3/content/all/all.json", "/svc/topstories/v2/home.json"])
        #expect(requests[2].date.timeIntervalSince(requests[0].date) >= Self.spacing.seconds - 0.05)
        let told = waits.withLock { $0 }
        #expect(told.count == 1)
        #expect(told.first?.0 == .topStories)
        #expect(told.first.map { $0.1 > .zero && $0.1 <= Self.spacing } == true)
    }

    @Test("A wait reckoned while another process's request was under way, found short once over, is told again as longer")
    func waitToldAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let spacing = Duration.seconds(3)
        let transport = TimedTransport(body: try Fixtures.data("topstories_world.json"), answerTime: .seconds(2))
        let told = Mutex<[Bool]>([])
        let first = try Self.service(path, transport, spacing: spacing)
        let second = try Self.service(path, transport, spacing: spacing) { _, _, longer in told.withLock { $0.append(longer) } }
        async let one = first.refresh(.topStories(.world))
        // Once the first's request is under way (on a loaded machine, opening its cache takes a while).
        let start = ContinuousClock.now
        while transport.requests.isEmpty, ContinuousClock.now - start < .seconds(20) { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(100))
        // Reckoned from the first's slot while its request is under way; that request then ends a second
        // before the wait does, and the spacing counts from its end.
        #expect(await second.refresh(.topStories(.home)).failure == nil)
        #expect(await one.failure == nil)
        #expect(told.withLock { $0 } == [false, true])
        let requests = transport.requests
        let sinceEnd = try #require(requests.last).date.timeIntervalSince(try #require(transport.answered.first))
        #expect(sinceEnd >= spacing.seconds - 0.05)
    }

    @Test("A request that took longer than the spacing holds the next one, in another process, until the spacing after it ended")
    func spacedAfterTheLastEnded() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let spacing = Duration.milliseconds(1_500)
        let transport = TimedTransport(body: try Fixtures.data("topstories_world.json"), answerTime: spacing + .milliseconds(500))
        #expect(await try Self.service(path, transport, spacing: spacing).refresh(.topStories(.world)).failure == nil)
        #expect(try ArticleStore(path: path).lastRequest(api: "topstories")?.ended != nil, "the end is noted in the cache")
        #expect(await try Self.service(path, transport, spacing: spacing).refresh(.topStories(.home)).failure == nil)

        let requests = transport.requests
        #expect(requests.count == 2)
        let sinceEnd = try #require(requests.last).date.timeIntervalSince(try #require(transport.answered.first))
        #expect(sinceEnd >= spacing.seconds - 0.05, "sent \(sinceEnd) s after the first ended")
    }

    @Test("Without waiting for others, a first request that would wait behind another process's is not sent: rate limited, no window kept")
    func noWait() async throws {
        let (directory, transport) = try await Self.afterOneRequest()
        let path = directory.path("cache.sqlite")

        let impatient = try Self.service(path, transport, spacing: Self.longSpacing, waitsForOthers: false)
        let outcome = await impatient.refresh(.topStories(.home))
        guard case .rateLimited(let seconds?)? = outcome.failure else {
            Issue.record("rate limited with a wait, not \(String(describing: outcome.failure))")
            return
        }
        #expect((30...60).contains(seconds))
        #expect(transport.requests.count == 1, "nothing sent")
        #expect(try ArticleStore(path: path).blockedUntil(api: "topstories") == nil, "no 429 window: the next run just waits its turn")
        #expect(await impatient.refresh(.latest).failure == nil, "another API has nobody to wait for")
    }

    @Test("Without waiting for others, two processes starting at once: one sends at once, the other is told at once, 20 times")
    func noWaitTogether() async throws {
        for round in 0..<20 {
            let directory = try TemporaryDirectory()
            let path = directory.path("cache.sqlite")
            let transport = TimedTransport(body: try Fixtures.data("topstories_world.json"))
            let services = try (0..<2).map { _ in try Self.service(path, transport, spacing: Self.longSpacing, waitsForOthers: false) }
            let started = ContinuousClock.now
            // Each refresh is cancelled after 5 s: one waiting out the minute's spacing fails the round.
            let failures = await withTaskGroup(of: RefreshFailure?.self) { group in
                for service in services {
                    group.addTask {
                        let refresh = Task { await service.refresh(.topStories(.world)).failure }
                        let timer = Task {
                            try await Task.sleep(for: .seconds(5))
                            refresh.cancel()
                        }
                        defer { timer.cancel() }
                        return await refresh.value
                    }
                }
                return await group.reduce(into: [RefreshFailure?]()) { $0.append($1) }
            }
            #expect(ContinuousClock.now - started < .seconds(5), "round \(round)")
            #expect(transport.requests.count == 1, "round \(round): one request sent")
            #expect(failures.filter { $0 == nil }.count == 1, "round \(round): \(failures)")
            #expect(
                failures.contains {
                    if case .rateLimited? = $0 { return true } else { return false }
                }, "round \(round): \(failures)")
        }
    }

    @Test("Cancelled while it waits for its turn, a refresh sends nothing and writes nothing")
    func cancelledWhileWaiting() async throws {
        let (directory, transport) = try await Self.afterOneRequest()
        let path = directory.path("cache.sqlite")
        let second = try Self.service(path, transport, spacing: Self.longSpacing)
        let task = Task { await second.refresh(.topStories(.home)) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        #expect(await task.value.failure == .cancelled)
        #expect(transport.requests.count == 1)
        #expect(try ArticleStore(path: path).status(of: .topStories(.home)).count == 0)
    }
}
