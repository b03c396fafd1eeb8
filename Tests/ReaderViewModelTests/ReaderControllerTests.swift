import Foundation
import NewsCore
import ReaderService
import Synchronization
import TestSupport
import Testing

@testable import ReaderViewModel

/// A service over an in-memory feed that records what it was asked.
final class RecordingService: ReaderServing {
    let feed: [ArticleEntry]
    private let log = Mutex<[String]>([])

    init(count: Int) {
        feed = (0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }
    }

    /// A feed of these articles.
    init(articles: [Article]) {
        feed = articles.map { ArticleEntry(article: $0) }
    }

    var calls: [String] { log.withLock { $0 } }
    private func record(_ call: String) { log.withLock { $0.append(call) } }

    /// What `outsideChangeCount` answers; tests change it as another process would.
    let changeCount = Mutex(0)

    func refreshBlocker() async -> RefreshFailure? { nil }
    func outsideChangeCount() async throws(ServiceError) -> Int {
        record("outsideChangeCount")
        return changeCount.withLock { $0 }
    }
    func status(of feed: Feed) async throws(ServiceError) -> FeedStatus {
        FeedStatus(feed: feed, count: self.feed.count, lastRefreshedDate: Date(timeIntervalSince1970: 1_763_600_000), origin: .network)
    }
    func entries(in feed: Feed, range: Range<Int>, filter: FeedFilter) async throws(ServiceError) -> [ArticleEntry] {
        record("entries \(range.count)")
        return Array(self.feed[range.clamped(to: 0..<self.feed.count)])
    }
    func position(of id: ArticleID, in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int? {
        self.feed.firstIndex { $0.id == id }
    }
    func needsRefresh(_ feed: Feed, olderThan maximumAge: TimeInterval?) async -> Bool { false }
    func count(in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int { self.feed.count }
    func feedCounts() async throws(ServiceError) -> [String: FeedCounts] { [:] }
    func refresh(_ feed: Feed) async -> RefreshOutcome {
        record("refresh \(feed.key)")
        return .failed(.server(status: 503), try! await status(of: feed))
    }
    func loadMore(_ feed: Feed) async -> RefreshOutcome {
        record("loadMore \(feed.key)")
        return .failed(.server(status: 503), try! await status(of: feed))
    }
    func requestWait(for feed: Feed) async -> Duration { .zero }
    func searchFeeds() async throws(ServiceError) -> [FeedStatus] {
        record("searchFeeds")
        return []
    }
    func forget(_ feed: Feed) async throws(ServiceError) { record("forget \(feed.key)") }
    func archiveFeeds() async throws(ServiceError) -> [FeedStatus] { [] }
    func trend(_ query: TrendQuery) async throws(ServiceError) -> Trend {
        record("trend \(query.terms.joined(separator: ",")) by \(query.interval)")
        guard query.terms != ["fail"] else { throw .cache(StoreError(.failed, cause: "disk I/O error")) }
        let years = (2001...2010).map {
            TrendCoverage(period: TrendPeriod(year: $0), monthCount: 12, importedMonthCount: 12, articleCount: 1_000)
        }
        return Trend(
            interval: query.interval, coverage: years,
            series: query.terms.map { TrendSeries(term: $0, matches: Array(repeating: 10, count: 10)) })
    }
    func search(_ text: String, in scope: Feed?, limit: Int) async throws(ServiceError) -> [SearchHit] {
        record("search \(text)")
        guard text != "fail" else { throw .cache(StoreError(.failed, cause: "disk I/O error")) }
        return feed.filter { $0.article.title.hasSuffix(" " + text) }.map { SearchHit(entry: $0, snippet: "") }
    }
    func nextUnread(in feed: Feed, after position: Int) async throws(ServiceError) -> Int? {
        record("nextUnread \(position)")
        return position + 2
    }
    func markAllRead(in feed: Feed, asShown shown: FeedStatus?) async throws(ServiceError) -> Bool {
        record("markAllRead")
        return true
    }
    func setRead(_ id: ArticleID, _ isRead: Bool) async throws(ServiceError) { record("setRead \(id) \(isRead)") }
    func setSaved(_ id: ArticleID, _ isSaved: Bool) async throws(ServiceError) { record("setSaved \(id) \(isSaved)") }
}

@Suite("The controller runs effects against the service")
struct ReaderControllerTests {
    /// Drains the controller's inbox until `condition` holds, or 120 seconds pass: the whole test run shares
    /// two threads, and its CPU-bound tests can hold both for tens of seconds.
    func settle(_ controller: ReaderController, until condition: (ReaderState) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            controller.drainInbox()
            if condition(controller.state) { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    @Test("A feed of 100,000 opens with a read of a few screens, and every action reaches the service")
    func wiring() async {
        let service = RecordingService(count: 100_000)
        var opened: [String] = []
        let controller = ReaderController(
            viewModel: ReaderViewModel(feed: .topStories(.world)),
            service: service,
            openURL: {
                opened.append($0)
                return true
            },
            wake: {}
        )
        controller.setListHeight(30)
        controller.start()
        #expect(await settle(controller) { $0.selectedEntry != nil })
        #expect(controller.state.count == 100_000)
        #expect(service.calls.allSatisfy { !$0.hasPrefix("entries") || Int($0.dropFirst(8))! <= 200 })

        controller.send(.focusDetail)
        controller.send(.toggleSaved)
        controller.send(.openInBrowser)
        #expect(opened == ["https://www.nytimes.com/2026/11/20/test/article-0.html"])
        #expect(controller.state.notice == Notice("Opened in the browser"))
        controller.send(.nextUnread)
        #expect(await settle(controller) { $0.selection == 2 })
        controller.send(.markAllRead)
        #expect(await settle(controller) { $0.notice == Notice("Marked every article in World read") })
        controller.send(.refresh)
        #expect(await settle(controller) { $0.refresh == .failed(.server(status: 503)) })
        controller.send(.search)
        controller.send(.insert("7"))
        #expect(await settle(controller) { $0.search?.hitCount == 1 })
        #expect(controller.state.selectedEntry?.article.title == "Article 7")
        controller.send(.insert("0"))
        controller.send(.deleteBackward)
        controller.send(.deleteBackward)
        controller.send(.insert("f"))
        controller.send(.insert("a"))
        controller.send(.insert("i"))
        controller.send(.insert("l"))
        #expect(await settle(controller) { $0.cacheError?.cause == "disk I/O error" })

        let calls = service.calls
        #expect(calls.contains("setRead nyt://article/test-0 true"))
        #expect(calls.contains("setSaved nyt://article/test-0 true"))
        #expect(calls.contains("nextUnread 0"))
        #expect(calls.contains("markAllRead"))
        #expect(calls.contains("refresh top:world"))
        #expect(calls.contains("search 7"))
        #expect(calls.contains("search fail"))
    }

    @Test("A change another process made to the cache is noticed on the next idle check and the rows are read again")
    func outsideChanges() async {
        let service = RecordingService(count: 50)
        let controller = ReaderController(viewModel: ReaderViewModel(feed: .topStories(.world)), service: service, wake: {})
        controller.setListHeight(10)
        controller.start()
        #expect(await settle(controller) { $0.selectedEntry != nil })
        func reads() -> Int { service.calls.filter { $0.hasPrefix("entries") }.count }
        func checks() -> Int { service.calls.filter { $0 == "outsideChangeCount" }.count }

        // The first check only learns the count; a second one with nothing changed reads nothing.
        for expected in 1...2 {
            let before = reads()
            controller.checkForOutsideChanges()
            #expect(await settle(controller) { _ in checks() == expected })
            try? await Task.sleep(for: .milliseconds(50))
            controller.drainInbox()
            #expect(reads() == before, "check \(expected): nothing changed, nothing read")
        }
        service.changeCount.withLock { $0 += 1 }
        let before = reads()
        controller.checkForOutsideChanges()
        #expect(await settle(controller) { _ in reads() > before }, "the rows were read again")
    }

    @Test("t opens the chart at once and its counts arrive later, from the service; a failure closes it")
    func trend() async {
        let service = RecordingService(count: 10)
        let controller = ReaderController(
            viewModel: ReaderViewModel(feed: .search(SearchQuery(text: "climate"))), service: service, wake: {})
        controller.start()
        controller.send(.trend)
        #expect(controller.state.overlay == .trend(TrendOverlay(term: "climate")), "drawn while counting")
        #expect(
            await settle(controller) { state in
                if case .trend(let overlay) = state.overlay { return overlay.trend != nil }
                return false
            })
        #expect(service.calls.contains("trend climate by year"))
        controller.send(TrendOverlayKey.previous)
        guard case .trend(let overlay) = controller.state.overlay else {
            Issue.record("the chart closed")
            return
        }
        #expect(overlay.selected?.coverage.period == TrendPeriod(year: 2009))
        controller.send(TrendOverlayKey.close)

        let failing = ReaderController(viewModel: ReaderViewModel(feed: .search(SearchQuery(text: "fail"))), service: service, wake: {})
        failing.start()
        failing.send(.trend)
        #expect(await settle(failing) { $0.overlay == nil && $0.cacheError?.cause == "disk I/O error" })
    }
}
