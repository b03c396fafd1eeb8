import FoundationEssentials
import NewsCore
import Synchronization
import NYTAPI
import ArticleStore

/// The only thing the view-model and the headless commands ask for data.
///
/// Reads answer from the cache at once; a refresh fetches, maps and persists in one transaction,
/// and on any failure leaves the cache as it was and says why.
public actor ReaderService: ReaderServing {
    let store: ArticleStore
    private let client: NYTClient?
    private let policy: RefreshPolicy
    private let rateLimits: any RateLimitMemory
    let now: @Sendable () -> Date
    private let observer: RefreshObserver?
    /// Why refreshing is impossible when there is no client.
    private let withoutClient: RefreshFailure
    /// The refresh under way for each feed; a newer one cancels it.
    private var inFlight: [Feed: InFlightRefresh] = [:]
    /// When each NYT API (by `Feed.apiName`) was last asked by this process: the next request of one
    /// API waits `policy.requestSpacing` after it.
    private var lastRequestDate: [String: Date] = [:]

    private struct InFlightRefresh {
        let token: UUID
        let task: Task<Result<RefreshChanges, RefreshFailure>, Never>
    }

    /// - Parameters:
    ///   - client: nil when no API key is configured or the program is offline by request; refreshes then
    ///     never touch the network.
    ///   - withoutClient: why there is no client: `.noAPIKey` or `.offlineByRequest`.
    ///   - observer: told the outcome of every refresh, whoever asked for it (the program logs them).
    public init(
        store: ArticleStore,
        client: NYTClient?,
        withoutClient: RefreshFailure = .noAPIKey,
        policy: RefreshPolicy = .standard,
        rateLimits: any RateLimitMemory = TransientRateLimitMemory(),
        now: @escaping @Sendable () -> Date = Date.init,
        observer: RefreshObserver? = nil
    ) {
        self.store = store
        self.client = client?.observingRequests { [store, now] api in
            _ = try? store.countRequest(api: api, day: RequestDay(now()).text)
        }
        self.withoutClient = withoutClient
        self.policy = policy
        self.rateLimits = rateLimits
        self.now = now
        self.observer = observer
    }

    // MARK: - First launch

    /// Imports the bundled snapshot when the cache holds nothing, through the same decoding and mapping
    /// as a network refresh. Returns how many articles were imported. `feeds` is evaluated only for an
    /// empty cache, so a bundled snapshot is copied out of the binary on the first launch alone.
    @discardableResult
    public nonisolated func importIfEmpty(_ feeds: @autoclosure () -> [BundledFeed]) throws(ServiceError) -> Int {
        try cache { () throws(StoreError) in
            try store.importIfEmpty { () throws -> [FeedSnapshot] in
                try feeds().map { bundled in
                    do {
                        return try NYTClient.decodeTopStories(bundled.json, section: bundled.section, fetchedDate: nil)
                    } catch {
                        throw StoreError.failed(reason: "the bundled \(bundled.section) snapshot could not be read: \(error)")
                    }
                }
            }
        }
    }

    // MARK: - ReaderServing

    public func refreshBlocker() -> RefreshFailure? {
        client == nil ? withoutClient : nil
    }

    public nonisolated func outsideChangeCount() throws(ServiceError) -> Int {
        try cache { () throws(StoreError) in try store.outsideChangeCount() }
    }

    public nonisolated func status(of feed: Feed) throws(ServiceError) -> FeedStatus {
        try cache { () throws(StoreError) in try withRequestsToday(store.status(of: feed)) }
    }

    /// `status` with today's count of requests to its feed's API.
    private nonisolated func withRequestsToday(_ status: FeedStatus) throws(StoreError) -> FeedStatus {
        guard status.feed.isRemote else { return status }
        var status = status
        status.requestsToday = try store.requestCount(api: status.feed.apiName, day: RequestDay(now()).text)
        return status
    }

    public nonisolated func entries(in feed: Feed, range: Range<Int>) throws(ServiceError) -> [ArticleEntry] {
        try cache { () throws(StoreError) in try store.entries(in: feed, range: range) }
    }

    /// The cached article `reference` names: its uri (`nyt://…`) or its web address.
    public nonisolated func entry(matching reference: String) throws(ServiceError) -> ArticleEntry? {
        try cache { () throws(StoreError) in
            reference.hasPrefix("nyt://") ? try store.entry(for: ArticleID(reference)) : try store.entry(forURL: reference)
        }
    }

    public nonisolated func position(of id: ArticleID, in feed: Feed) throws(ServiceError) -> Int? {
        try cache { () throws(StoreError) in try store.position(of: id, in: feed) }
    }

    /// See `ReaderServing.needsRefresh(_:)`: stale after `policy.staleAfter`, the bundled snapshot always stale.
    public func needsRefresh(_ feed: Feed) async -> Bool {
        guard feed.isRemote, client != nil, secondsBlocked(feed) == nil,
              let status = try? store.status(of: feed)
        else { return false }
        guard status.origin == .network, let refreshed = status.lastRefreshedDate else { return true }
        return now().timeIntervalSince(refreshed) >= policy.staleAfter
    }

    /// Fetches `feed` and stores it in one transaction. A newer refresh of the same feed cancels this one,
    /// as does cancelling the calling task; a cancelled refresh changes nothing.
    public func refresh(_ feed: Feed) async -> RefreshOutcome {
        if case .archive(let month) = feed {
            return await importArchive(month, force: true) { _ in }
        }
        return await run(feed) { (service, client) throws(RefreshFailure) in try await service.fetchAndStore(feed, with: client) }
    }

    /// Fetches the next page of a search feed (10 articles) and adds it after those cached, in one
    /// transaction; it waits first while `policy.requestSpacing` since the last request to Article Search
    /// has not passed. A search with no more pages succeeds at once with nothing new. A refresh of the
    /// feed cancels it.
    public func loadMore(_ feed: Feed) async -> RefreshOutcome {
        await run(feed) { (service, client) throws(RefreshFailure) in try await service.fetchNextPage(of: feed, with: client) }
    }

    /// How long until the API behind `feed` may be asked again under `policy.requestSpacing`.
    public func requestWait(for feed: Feed) -> Duration {
        guard let last = lastRequestDate[feed.apiName] else { return .zero }
        let spacing = Double(policy.requestSpacing.components.seconds)
            + Double(policy.requestSpacing.components.attoseconds) / 1e18
        let remaining = last.addingTimeInterval(spacing).timeIntervalSince(now())
        return remaining > 0 ? .milliseconds(Int((remaining * 1000).rounded(.up))) : .zero
    }

    /// Runs `operation` as the one network operation of `feed` (cancelling the one under way), records a
    /// failure, tells the observer, and answers with the feed's state after it.
    func run(
        _ feed: Feed,
        _ operation: @escaping @Sendable (isolated ReaderService, NYTClient) async throws(RefreshFailure) -> RefreshChanges
    ) async -> RefreshOutcome {
        inFlight[feed]?.task.cancel()
        let token = UUID()
        let task = Task { () -> Result<RefreshChanges, RefreshFailure> in
            do throws(RefreshFailure) {
                guard let client = self.client else { throw self.withoutClient }
                return .success(try await operation(self, client))
            } catch {
                return .failure(error)
            }
        }
        inFlight[feed] = InFlightRefresh(token: token, task: task)
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if inFlight[feed]?.token == token {
            inFlight[feed] = nil
        }
        if case .failure(let failure) = result, failure != .cancelled {
            try? store.recordFailure(of: feed, message: failure.message)
        }
        let status = (try? withRequestsToday(store.status(of: feed))) ?? FeedStatus(feed: feed, count: 0)
        let outcome: RefreshOutcome
        switch result {
        case .success(let changes): outcome = .refreshed(changes, status)
        case .failure(let failure): outcome = .failed(failure, status)
        }
        observer?(feed, outcome)
        return outcome
    }

    // MARK: - Searches made

    /// Every search kept in the cache, the most recently refreshed first.
    public nonisolated func searchFeeds() throws(ServiceError) -> [FeedStatus] {
        try cache { () throws(StoreError) in try store.searchFeeds() }
    }

    /// Forgets a search: its feed, and its articles unless saved or listed by another feed.
    public nonisolated func forget(_ feed: Feed) throws(ServiceError) {
        try cache { () throws(StoreError) in _ = try store.forget(feed) }
    }

    public nonisolated func search(_ text: String, limit: Int) throws(ServiceError) -> [SearchHit] {
        try cache { () throws(StoreError) in try store.search(text, limit: limit) }
    }

    public nonisolated func nextUnread(in feed: Feed, after position: Int) throws(ServiceError) -> Int? {
        try cache { () throws(StoreError) in try store.firstUnreadPosition(in: feed, after: position) }
    }

    public nonisolated func markAllRead(in feed: Feed) throws(ServiceError) {
        let date = now()
        try cache { () throws(StoreError) in _ = try store.markAllRead(in: feed, at: date) }
    }

    public nonisolated func setRead(_ id: ArticleID, _ isRead: Bool) throws(ServiceError) {
        let date = isRead ? now() : nil
        try cache { () throws(StoreError) in try store.setRead(id, at: date) }
    }

    public nonisolated func setSaved(_ id: ArticleID, _ isSaved: Bool) throws(ServiceError) {
        let date = isSaved ? now() : nil
        try cache { () throws(StoreError) in try store.setSaved(id, at: date) }
    }

    // MARK: - Refresh

    private func fetchAndStore(_ feed: Feed, with client: NYTClient) async throws(RefreshFailure) -> RefreshChanges {
        if case .topStories(let section) = feed { return try await fetchAndStage(section, with: client) }
        let snapshot = try await fetching(feed) { () async throws(APIError) in try await fetch(feed, with: client) }
        // No suspension point between this check and the write: a cancelled refresh never writes.
        if Task.isCancelled { throw .cancelled }
        do {
            return try store.apply(snapshot, origin: .network)
        } catch {
            throw error.refreshFailure
        }
    }

    /// Top Stories, taken a batch at a time as the body arrives (held in memory while they are few, set
    /// aside in the cache beyond `StagingBound.standard`: a list of any length is never held whole), then
    /// stored in one transaction once the whole body has been read.
    private func fetchAndStage(_ section: Section, with client: NYTClient) async throws(RefreshFailure) -> RefreshChanges {
        let store = self.store
        let staged = store.beginStaging()
        let stagingFailure = Mutex<StoreError?>(nil)
        let snapshot: FeedSnapshot
        do {
            snapshot = try await fetching(.topStories(section)) { () async throws(APIError) in
                try await client.topStories(section) { articles in
                    do {
                        try store.stage(articles, in: staged)
                    } catch let error as StoreError {
                        stagingFailure.withLock { $0 = error }
                        throw error
                    }
                }
            }
        } catch let failure {
            store.discard(staged)
            throw stagingFailure.withLock { $0 }?.refreshFailure ?? failure
        }
        if Task.isCancelled {
            store.discard(staged)
            throw .cancelled
        }
        do {
            // Applying forgets the articles set aside, whether it succeeds or not.
            return try store.apply(staged, as: snapshot, origin: .network)
        } catch {
            throw error.refreshFailure
        }
    }

    private func fetchNextPage(of feed: Feed, with client: NYTClient) async throws(RefreshFailure) -> RefreshChanges {
        guard case .search(let query) = feed else { throw .notFound }
        let status: FeedStatus
        do { status = try store.status(of: feed) } catch { throw error.refreshFailure }
        guard status.hasMorePages else {
            return RefreshChanges(total: status.count, inserted: 0, updated: 0, removed: 0)
        }
        let wait = requestWait(for: feed)
        if wait > .zero {
            do { try await Task.sleep(for: wait) } catch { throw .cancelled }
        }
        let pageNumber = status.pageCount
        let page = try await fetching(feed) { () async throws(APIError) in try await client.articleSearch(query, page: pageNumber) }
        let isLast = page.documentCount < SearchPage.fullPageSize
        let snapshot = FeedSnapshot(
            feed: feed, articles: page.articles, fetchedDate: now(), skippedCount: page.skippedCount,
            totalHits: isLast ? pageNumber * SearchPage.fullPageSize + page.documentCount : page.hits,
            pageCount: pageNumber + 1
        )
        if Task.isCancelled { throw .cancelled }
        do {
            guard let changes = try store.appendPage(snapshot) else { throw RefreshFailure.cancelled }
            return changes
        } catch let failure as RefreshFailure {
            throw failure
        } catch {
            throw (error as? StoreError)?.refreshFailure ?? .storage
        }
    }

    /// Runs one request to the API behind `feed` unless a rate-limit window is open, noting when it was
    /// made; a 429 opens a window (bounded), other failures become what the service reports.
    func fetching<T>(_ feed: Feed, _ request: () async throws(APIError) -> T) async throws(RefreshFailure) -> T {
        if let wait = secondsBlocked(feed) {
            throw .rateLimited(retryAfter: wait)
        }
        lastRequestDate[feed.apiName] = now()
        defer { lastRequestDate[feed.apiName] = now() }
        do {
            return try await request()
        } catch {
            if case .rateLimited(let retryAfter) = error {
                let wait = RetryAfter.clamp(retryAfter ?? policy.rateLimitBackoffSeconds)
                try? rateLimits.setBlockedUntil(now().addingTimeInterval(TimeInterval(wait)), api: feed.apiName)
                throw .rateLimited(retryAfter: wait)
            }
            throw error.refreshFailure
        }
    }

    /// Whole seconds until the API behind `feed` may be asked again, when it refused requests lately. A
    /// stored block further ahead than any server may ask (a damaged cache, or one written before waits
    /// were bounded) is forgotten, not trusted.
    private func secondsBlocked(_ feed: Feed) -> Int? {
        guard let until = try? rateLimits.blockedUntil(api: feed.apiName) else { return nil }
        let remaining = until.timeIntervalSince(now())
        guard remaining.isFinite, remaining <= Double(RetryAfter.bounds.upperBound) else {
            try? rateLimits.setBlockedUntil(nil, api: feed.apiName)
            return nil
        }
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    private func fetch(_ feed: Feed, with client: NYTClient) async throws(APIError) -> FeedSnapshot {
        switch feed {
        case .topStories(let section):
            return try await client.topStories(section)
        case .search(let query):
            return try await client.articleSearch(query, pages: policy.searchPages, spacing: policy.requestSpacing)
        case .latest:
            return try await client.latest()
        case .mostPopular(let kind, let period):
            let list = try await client.mostPopular(kind, period: period)
            return FeedSnapshot(feed: feed, articles: list.articles, fetchedDate: list.fetchedDate, skippedCount: list.skippedCount)
        case .saved, .archive:
            throw .notFound
        }
    }

    nonisolated func cache<T>(_ body: () throws(StoreError) -> T) throws(ServiceError) -> T {
        do {
            return try body()
        } catch {
            throw .cache(error.description)
        }
    }
}
