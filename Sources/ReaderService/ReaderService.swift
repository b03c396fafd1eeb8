import ArticleStore
import FoundationEssentials
import NYTAPI
import NewsCore

/// The only thing the view-model and the headless commands ask for data.
///
/// Reads answer from the cache at once; a refresh fetches, maps and persists in one transaction,
/// and on any failure leaves the cache as it was and says why. Every call to the cache runs on the
/// store's own threads (`StoreLanes`), never on the threads that run Swift's tasks.
public actor ReaderService: ReaderServing {
    let lanes: StoreLanes
    let client: NYTClient?
    let policy: RefreshPolicy
    let rateLimits: any RateLimitMemory
    let now: @Sendable () -> Date
    private let observer: RefreshObserver?
    /// Why refreshing is impossible when there is no client.
    private let withoutClient: RefreshFailure
    /// The refresh under way for each feed; a newer one cancels it.
    private var inFlight: [Feed: InFlightRefresh] = [:]
    /// Spaces every request to one NYT API after the last one any process using the cache sent.
    let spacing: RequestSpacing
    /// The NYT APIs (by `Feed.apiName`) this process has asked: a wait for one of them is its own spacing,
    /// never another process's.
    var askedAPIs: Set<String> = []

    private struct InFlightRefresh {
        let token: UUID
        let task: Task<Result<RefreshChanges, RefreshFailure>, Never>
    }

    /// - Parameters:
    ///   - client: nil when no API key is configured or the program is offline by request; refreshes then
    ///     never touch the network.
    ///   - withoutClient: why there is no client: `.noAPIKey` or `.offlineByRequest`.
    ///   - observer: told the outcome of every refresh, whoever asked for it (the program logs them).
    ///   - onRequestWait: told before a request waits for the spacing between requests (`refresh` says so
    ///     on stderr).
    public init(
        store: ArticleStore,
        client: NYTClient?,
        withoutClient: RefreshFailure = .noAPIKey,
        policy: RefreshPolicy = .standard,
        rateLimits: any RateLimitMemory = TransientRateLimitMemory(),
        now: @escaping @Sendable () -> Date = Date.init,
        observer: RefreshObserver? = nil,
        onRequestWait: RequestWaitObserver? = nil
    ) {
        let lanes = StoreLanes(store: store)
        self.lanes = lanes
        let spacing = RequestSpacing(lanes: lanes, spacing: policy.requestSpacing, now: now, onWait: onRequestWait)
        self.spacing = spacing
        self.client = client?.gatingRequests(spacing)
        self.withoutClient = withoutClient
        self.policy = policy
        self.rateLimits = rateLimits
        self.now = now
        self.observer = observer
    }

    /// The cache the service reads and writes (through `lanes`).
    nonisolated var store: ArticleStore { lanes.store }

    /// Moves the cache's write-ahead log into its file once every write asked for is done
    /// (`ArticleStore.checkpoint`): for a command to call before the program ends.
    public func checkpointCache() async {
        try? await lanes.write { store throws(StoreError) in store.checkpoint() }
    }

    // MARK: - Refreshing

    public func refreshBlocker() -> RefreshFailure? {
        client == nil ? withoutClient : nil
    }

    /// See `ReaderServing.needsRefresh(_:olderThan:)`: stale after `maximumAge` (`policy.staleAfter` when
    /// nil), the bundled snapshot always stale.
    public func needsRefresh(_ feed: Feed, olderThan maximumAge: TimeInterval? = nil) async -> Bool {
        guard feed.isRemote, client != nil, await secondsBlocked(feed) == nil,
            let status = try? await lanes.read({ store throws(StoreError) in try store.status(of: feed) })
        else { return false }
        // An archive month is imported whole once; importing it again is asked for, never done on opening
        // it; a search with pages read past its first is refreshed when asked for only (`refreshesOnItsOwn`).
        if case .archive = feed { return status.count == 0 }
        guard status.refreshesOnItsOwn else { return false }
        guard status.origin == .network, let refreshed = status.lastRefreshedDate else { return true }
        let age = now().timeIntervalSince(refreshed)
        // A refresh dated ahead of now was made under a clock since put back: its age is unknown.
        return age >= (maximumAge ?? policy.staleAfter) || age < -ServerClock.tolerance
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
    /// transaction; its request waits, as every request does, until `policy.requestSpacing` after the last
    /// request to Article Search. A search with no more pages succeeds at once with nothing new. A refresh of the
    /// feed cancels it.
    public func loadMore(_ feed: Feed) async -> RefreshOutcome {
        await run(feed) { (service, client) throws(RefreshFailure) in try await service.fetchNextPage(of: feed, with: client) }
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
            // The outcome says why; a note that cannot be written is no second failure to report. The note is
            // for the record (it names the failure), not words for a person.
            let note = String(describing: failure)
            _ = try? await lanes.write { store throws(StoreError) in try store.recordFailure(of: feed, message: note) }
        }
        let status = (try? await currentStatus(of: feed)) ?? FeedStatus(feed: feed, count: 0)
        let outcome: RefreshOutcome
        switch result {
        case .success(let changes): outcome = .refreshed(changes, status)
        case .failure(let failure): outcome = .failed(failure, status)
        }
        observer?(feed, outcome)
        return outcome
    }
}
