import Foundation
import NewsCore
import ReaderService
import ReaderViewModel
import Synchronization
import TestSupport
import Testing

/// A service whose changes take a random while each, as a busy disk would, and which logs them in the order
/// they reach it.
final class DelayingService: ReaderServing {
    let feed: [ArticleEntry]
    private let log = Mutex<[String]>([])
    private let random = Mutex(SplitMix64(seed: 26))

    init(count: Int) {
        feed = (0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }
    }

    var changes: [String] { log.withLock { $0 } }

    private func delayThenRecord(_ change: String) async {
        let microseconds = random.withLock { Int($0.next() % 400) }
        try? await Task.sleep(for: .microseconds(microseconds))
        log.withLock { $0.append(change) }
    }

    func refreshBlocker() async -> RefreshFailure? { .noAPIKey }
    func outsideChangeCount() async throws(ServiceError) -> Int { 0 }
    func status(of feed: Feed) async throws(ServiceError) -> FeedStatus { FeedStatus(feed: feed, count: self.feed.count) }
    func entries(in feed: Feed, range: Range<Int>, filter: FeedFilter) async throws(ServiceError) -> [ArticleEntry] {
        Array(self.feed[range.clamped(to: 0..<self.feed.count)])
    }
    func position(of id: ArticleID, in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int? {
        self.feed.firstIndex { $0.id == id }
    }
    func needsRefresh(_ feed: Feed, olderThan maximumAge: TimeInterval?) async -> Bool { false }
    func count(in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int { self.feed.count }
    func feedCounts() async throws(ServiceError) -> [String: FeedCounts] { [:] }
    func refresh(_ feed: Feed) async -> RefreshOutcome { .failed(.noAPIKey, FeedStatus(feed: feed, count: self.feed.count)) }
    func loadMore(_ feed: Feed) async -> RefreshOutcome { await refresh(feed) }
    func requestWait(for feed: Feed) async -> Duration { .zero }
    func searchFeeds() async throws(ServiceError) -> [FeedStatus] { [] }
    func archiveFeeds() async throws(ServiceError) -> [FeedStatus] { [] }
    func forget(_ feed: Feed) async throws(ServiceError) { await delayThenRecord("forget \(feed.key)") }
    func search(_ text: String, in scope: Feed?, limit: Int) async throws(ServiceError) -> [SearchHit] { [] }
    func trend(_ query: TrendQuery) async throws(ServiceError) -> Trend { Trend(interval: query.interval, coverage: [], series: []) }
    func nextUnread(in feed: Feed, after position: Int) async throws(ServiceError) -> Int? { nil }
    func markAllRead(in feed: Feed, asShown shown: FeedStatus?) async throws(ServiceError) -> Bool {
        await delayThenRecord("markAllRead")
        return true
    }
    func setRead(_ id: ArticleID, _ isRead: Bool) async throws(ServiceError) { await delayThenRecord("read \(isRead)") }
    func setSaved(_ id: ArticleID, _ isSaved: Bool) async throws(ServiceError) { await delayThenRecord("saved \(isSaved)") }
}

@Suite("Changes reach the cache in the order they were made")
struct WriteOrderTests {
    /// A controller on `service`'s World feed, once its first rows are on screen.
    static func openedController(_ service: DelayingService) async throws -> ReaderController {
        let controller = ReaderController(viewModel: ReaderViewModel(feed: .topStories(.world)), service: service, wake: {})
        controller.setListHeight(10)
        controller.start()
        let deadline = Date().addingTimeInterval(120)
        while controller.state.selectedEntry == nil, Date() < deadline {
            controller.drainInbox()
            try await Task.sleep(for: .milliseconds(2))
        }
        try #require(controller.state.selectedEntry != nil)
        return controller
    }

    @Test("1,000 presses of m and b in a row, against a service that takes a random while for each: the same order")
    func thousandPresses() async throws {
        let service = DelayingService(count: 5)
        let controller = try await Self.openedController(service)

        var random = SplitMix64(seed: 1_000)
        var isRead = false
        var isSaved = false
        var expected: [String] = []
        for _ in 0..<1_000 {
            if random.next() % 2 == 0 {
                controller.send(.toggleRead)
                isRead.toggle()
                expected.append("read \(isRead)")
            } else {
                controller.send(.toggleSaved)
                isSaved.toggle()
                expected.append("saved \(isSaved)")
            }
        }
        await controller.finishWrites()
        #expect(service.changes.count == expected.count)
        #expect(service.changes == expected)
    }

    @Test("Mark all read then quit: the reader waits for the change before it is done")
    func markAllThenQuit() async throws {
        let service = DelayingService(count: 5)
        let controller = try await Self.openedController(service)
        controller.send(.markAllRead)
        controller.send(.quit)
        #expect(controller.state.isFinished)
        await controller.finishWrites()
        #expect(service.changes == ["markAllRead"])
    }
}
