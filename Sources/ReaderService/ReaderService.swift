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
    /// When each NYT API (by `Feed.apiName`) was last asked by this process: the next request of one
    /// API waits `policy.requestSpacing` after it.
    var lastRequestDate: [String: Date] = [:]

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
        let lanes = StoreLanes(store: store)
        self.lanes = lanes
        self.client = client?.observingRequests { api in
            // Counted after the writes asked before it, without holding up the request. A count that cannot
            // be written only makes the daily warning late; it is no reason to fail the refresh.
            lanes.queueWrite { store in _ = try? store.countRequest(api: api, day: RequestDay(now()).text) }
        }
        self.withoutClient = withoutClient
        self.policy = policy
        self.rateLimits = rateLimits
        self.now = now
        self.observer = observer
    }

    /// The cache the service reads and writes (through `lanes`).
    nonisolated var store: ArticleStore { lanes.store }

    // MARK: - Refreshing

    public func refreshBlocker() -> RefreshFailure? {
        client == nil ? withoutClient : nil
    }

    /// See `ReaderServing.needsRefresh(_:)`: stale after `policy.staleAfter`, the bundled snapshot always stale.
    public func needsRefresh(_ feed: Feed) async -> Bool {
        guard feed.isRemote, client != nil, await secondsBlocked(feed) == nil,
            let status = try? await lanes.read({ store throws(StoreError) in try store.status(of: feed) })
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
