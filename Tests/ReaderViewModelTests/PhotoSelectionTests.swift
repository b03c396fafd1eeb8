import Foundation
import NewsCore
import ReaderService
import Synchronization
import TestSupport
import Testing

@testable import ReaderViewModel

/// Pictures by address after `delay`; records each address asked for and each request cancelled.
final class RecordingPhotos: PhotoServing {
    private let log = Mutex<(asked: [String], cancelled: [String], prefetched: [[String]])>(([], [], []))
    let delay: Duration
    let failure: PhotoFailure?

    init(delay: Duration = .zero, failure: PhotoFailure? = nil) {
        self.delay = delay
        self.failure = failure
    }

    var asked: [String] { log.withLock { $0.asked } }
    var cancelled: [String] { log.withLock { $0.cancelled } }
    var prefetched: [[String]] { log.withLock { $0.prefetched } }

    func photo(at address: String) async throws(PhotoFailure) -> [UInt8] {
        log.withLock { $0.asked.append(address) }
        do {
            try await Task.sleep(for: delay)
        } catch {
            log.withLock { $0.cancelled.append(address) }
            throw .cancelled
        }
        if let failure { throw failure }
        return Array(address.utf8)
    }

    func prefetch(_ addresses: [String]) async -> Int {
        log.withLock { $0.prefetched.append(addresses) }
        return addresses.count
    }
}

@Suite("The selected article's photo")
struct PhotoSelectionTests {
    /// Article `index` with a photo in two crops (every third article has none).
    static func article(_ index: Int) -> Article {
        var article = ArticleFactory.article(index)
        guard index % 3 != 2 else { return article }
        article.photo = ArticlePhoto(
            crops: [
                PhotoCrop(url: address(index, "large"), width: 2048, height: 1365),
                PhotoCrop(url: address(index, "small"), width: 600, height: 400),
            ],
            caption: "Caption \(index)", credit: "Credit \(index)")
        return article
    }

    static func address(_ index: Int, _ size: String) -> String {
        "https://static01.nyt.com/images/\(index)-\(size).jpg"
    }

    static let target = PhotoTarget(width: 480, height: 240)

    func controller(_ photos: RecordingPhotos, count: Int = 40, target: PhotoTarget? = target, prefetch: Bool = false) -> (
        ReaderController, RecordingService
    ) {
        let service = RecordingService(articles: (0..<count).map(Self.article))
        let controller = ReaderController(
            viewModel: ReaderViewModel(feed: .topStories(.world)), service: service, photos: photos, prefetchesPhotos: prefetch,
            wake: {})
        controller.setListHeight(20)
        controller.setPhotoTarget(target)
        controller.start()
        return (controller, service)
    }

    func settle(_ controller: ReaderController, until condition: (ReaderState) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            controller.drainInbox()
            if condition(controller.state) { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    @Test("Once the selection rests, the crop covering the target is asked for once and its bytes arrive")
    func restsThenLoads() async {
        let photos = RecordingPhotos()
        let (controller, _) = controller(photos)
        #expect(await settle(controller) { $0.photo?.phase == .loaded(Array(Self.address(0, "small").utf8)) })
        #expect(photos.asked == [Self.address(0, "small")])
        #expect(controller.state.photo?.photo.caption == "Caption 0")
    }

    @Test("Holding j over 20 rows asks for the photo of the row it stops on, and for no row passed")
    func holdingAKeyAsksOnce() async throws {
        let photos = RecordingPhotos()
        let (controller, _) = controller(photos)
        #expect(await settle(controller) { $0.photo?.phase != .waiting && $0.photo != nil })
        // Presses 30 ms apart; on a loaded machine a gap can stretch past the rest, and the row left then
        // rests for real: such a row may be asked for, a row left within two thirds of the rest may not.
        let clock = ContinuousClock()
        var rested: Set<Int> = []
        var pressed = clock.now
        for row in 1...21 {
            controller.send(.moveDown)
            if row > 1, clock.now - pressed >= ReaderViewModel.photoRest * 2 / 3 { rested.insert(row - 1) }
            pressed = clock.now
            try await Task.sleep(for: .milliseconds(30))
            controller.drainInbox()
        }
        #expect(await settle(controller) { $0.photo?.article == Self.article(21).id && $0.photo?.phase != .waiting })
        try await Task.sleep(for: .milliseconds(300))
        #expect(photos.asked.first == Self.address(0, "small"))
        #expect(photos.asked.last == Self.address(21, "small"))
        let passed = photos.asked.dropFirst().dropLast()
        #expect(passed.allSatisfy { asked in rested.contains { Self.address($0, "small") == asked } }, "rows that did not rest: \(passed)")
    }

    @Test("Moving on cancels the request under way; an article without a photo shows none")
    func movingOnCancels() async throws {
        let photos = RecordingPhotos(delay: .seconds(30))
        let (controller, _) = controller(photos)
        #expect(await settle(controller) { _ in photos.asked.count == 1 })
        controller.send(.moveDown)
        controller.send(.moveDown)  // article 2: no photo
        #expect(controller.state.photo == nil)
        #expect(await settle(controller) { _ in photos.cancelled == [Self.address(0, "small")] })
        try await Task.sleep(for: .milliseconds(300))
        #expect(photos.asked == [Self.address(0, "small")])
    }

    @Test("A failure is kept for the placeholder; no target means no picture and no request")
    func failureAndNoTarget() async throws {
        let failing = RecordingPhotos(failure: .notFetched)
        let (controller, _) = controller(failing)
        #expect(await settle(controller) { $0.photo?.phase == .failed(.notFetched) })

        let photos = RecordingPhotos()
        let (quiet, _) = self.controller(photos, target: nil)
        #expect(await settle(quiet) { $0.selectedEntry != nil })
        try await Task.sleep(for: .milliseconds(300))
        quiet.drainInbox()
        #expect(quiet.state.photo == nil && photos.asked.isEmpty)
    }

    @Test("A larger pane asks for the crop that covers it; the answer for a crop no longer wanted is dropped")
    func targetChanges() async {
        let photos = RecordingPhotos()
        let (controller, _) = controller(photos)
        #expect(await settle(controller) { $0.photo?.phase != .waiting && $0.photo != nil })
        controller.setPhotoTarget(PhotoTarget(width: 1200, height: 600))
        #expect(controller.state.photo?.crop.url == Self.address(0, "large"))
        #expect(controller.state.photo?.phase == .waiting)
        #expect(await settle(controller) { $0.photo?.phase == .loaded(Array(Self.address(0, "large").utf8)) })
        var viewModel = controller.viewModel
        _ = viewModel.apply(.photoLoaded(Self.article(0).id, address: Self.address(0, "small"), .success([1])))
        #expect(viewModel.state.photo?.phase == .loaded(Array(Self.address(0, "large").utf8)))
    }

    @Test("With prefetching on, a refresh that succeeds fetches its articles' photos in the target's crop")
    func prefetchAfterRefresh() async {
        let photos = RecordingPhotos()
        let service = RefreshingService(articles: (0..<5).map(Self.article))
        let controller = ReaderController(
            viewModel: ReaderViewModel(feed: .topStories(.world)), service: service, photos: photos, prefetchesPhotos: true,
            wake: {})
        controller.setListHeight(20)
        controller.setPhotoTarget(Self.target)
        controller.start()
        controller.send(.refresh)
        #expect(await settle(controller) { _ in !photos.prefetched.isEmpty })
        #expect(photos.prefetched == [[0, 1, 3, 4].map { Self.address($0, "small") }])
    }

    @Test("With prefetching on, R fetches the photos of the followed feeds it refreshed, once they are all in")
    func prefetchAfterFollowedRefresh() async {
        let photos = RecordingPhotos()
        let service = RefreshingService(articles: (0..<5).map(Self.article))
        let controller = ReaderController(
            viewModel: ReaderViewModel(feed: .topStories(.world), followedFeeds: [.topStories(.world)]), service: service,
            photos: photos, prefetchesPhotos: true, wake: {})
        controller.setListHeight(20)
        controller.setPhotoTarget(Self.target)
        controller.start()
        controller.send(.refreshFollowed)
        #expect(await settle(controller) { _ in !photos.prefetched.isEmpty })
        #expect(photos.prefetched == [[0, 1, 3, 4].map { Self.address($0, "small") }])
        #expect(controller.state.followedRefresh == nil, "the refresh had ended")
    }
}

/// A service whose refreshes succeed, over a fixed feed.
final class RefreshingService: ReaderServing {
    let base: RecordingService

    init(articles: [Article]) { base = RecordingService(articles: articles) }

    func refreshBlocker() async -> RefreshFailure? { nil }
    func outsideChangeCount() async throws(ServiceError) -> Int { 0 }
    func status(of feed: Feed) async throws(ServiceError) -> FeedStatus { try await base.status(of: feed) }
    func entries(in feed: Feed, range: Range<Int>, filter: FeedFilter) async throws(ServiceError) -> [ArticleEntry] {
        try await base.entries(in: feed, range: range, filter: filter)
    }
    func count(in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int { try await base.count(in: feed, filter: filter) }
    func position(of id: ArticleID, in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int? {
        try await base.position(of: id, in: feed, filter: filter)
    }
    func feedCounts() async throws(ServiceError) -> [String: FeedCounts] { [:] }
    func needsRefresh(_ feed: Feed, olderThan maximumAge: TimeInterval?) async -> Bool { false }
    func refresh(_ feed: Feed) async -> RefreshOutcome {
        .refreshed(RefreshChanges(total: base.feed.count, inserted: 0, updated: 0, removed: 0), try! await status(of: feed))
    }
    func loadMore(_ feed: Feed) async -> RefreshOutcome { await base.loadMore(feed) }
    func requestWait(for feed: Feed) async -> Duration { .zero }
    func searchFeeds() async throws(ServiceError) -> [FeedStatus] { [] }
    func forget(_ feed: Feed) async throws(ServiceError) {}
    func archiveFeeds() async throws(ServiceError) -> [FeedStatus] { [] }
    func search(_ text: String, in scope: Feed?, limit: Int) async throws(ServiceError) -> [SearchHit] { [] }
    func trend(_ query: TrendQuery) async throws(ServiceError) -> Trend { try await base.trend(query) }
    func nextUnread(in feed: Feed, after position: Int) async throws(ServiceError) -> Int? { nil }
    func markAllRead(in feed: Feed, asShown shown: FeedStatus?) async throws(ServiceError) -> Bool { true }
    func setRead(_ id: ArticleID, _ isRead: Bool) async throws(ServiceError) {}
    func setSaved(_ id: ArticleID, _ isSaved: Bool) async throws(ServiceError) {}
}
