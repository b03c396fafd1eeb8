import ArticleStore
import FoundationEssentials
import NYTAPI
import NewsCore
import Synchronization

// A refresh: the request, then what it brought written in one transaction on the store's writing thread.
extension ReaderService {
    func fetchAndStore(_ feed: Feed, with client: NYTClient) async throws(RefreshFailure) -> RefreshChanges {
        if case .topStories(let section) = feed { return try await fetchAndStage(section, with: client) }
        let snapshot = try await fetching(feed) { () async throws(APIError) in try await fetch(feed, with: client) }
        let store = self.store
        return try await storing { isCancelled throws(StoreError) in
            isCancelled ? nil : try store.apply(snapshot, origin: .network)
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
            // The batches are set aside on the transfer's own thread, which blocks nothing else.
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
            lanes.queueWrite { store in store.discard(staged) }
            throw stagingFailure.withLock { $0 }?.refreshFailure ?? failure
        }
        return try await storing { isCancelled throws(StoreError) in
            if isCancelled {
                store.discard(staged)
                return nil
            }
            // Applying forgets the articles set aside, whether it succeeds or not.
            return try store.apply(staged, as: snapshot, origin: .network)
        }
    }

    func fetchNextPage(of feed: Feed, with client: NYTClient) async throws(RefreshFailure) -> RefreshChanges {
        guard case .search(let query) = feed else { throw .notFound }
        let status: FeedStatus
        do { status = try await lanes.read { store throws(StoreError) in try store.status(of: feed) } } catch { throw error.refreshFailure }
        guard status.hasMorePages else {
            return RefreshChanges(total: status.count, inserted: 0, updated: 0, removed: 0)
        }
        let pageNumber = status.pageCount
        let page = try await fetching(feed) { () async throws(APIError) in try await client.articleSearch(query, page: pageNumber) }
        let isLast = page.documentCount < SearchPage.fullPageSize
        let snapshot = FeedSnapshot(
            feed: feed, articles: page.articles, fetchedDate: now(), skippedCount: page.skippedCount,
            totalHits: isLast ? pageNumber * SearchPage.fullPageSize + page.documentCount : page.hits,
            pageCount: pageNumber + 1, serverDate: page.serverDate
        )
        // A page that no longer follows the cached ones (the search was refreshed meanwhile) is not stored.
        let store = self.store
        return try await storing { isCancelled throws(StoreError) in
            isCancelled ? nil : try store.appendPage(snapshot)
        }
    }

    /// Runs a refresh's write on the store's writing thread. `body` is told whether the calling task was
    /// cancelled by then (checked on the writing thread, just before it writes: a refresh cancelled before
    /// its write never writes) and answers nil when it wrote nothing for that reason.
    func storing(
        _ body: @escaping @Sendable (_ isCancelled: Bool) throws(StoreError) -> RefreshChanges?
    ) async throws(RefreshFailure) -> RefreshChanges {
        let cancelled = Atomic<Bool>(false)
        let written: Result<RefreshChanges?, StoreError> = await withTaskCancellationHandler {
            if Task.isCancelled { cancelled.store(true, ordering: .releasing) }
            do throws(StoreError) {
                return .success(try await lanes.write { _ throws(StoreError) in try body(cancelled.load(ordering: .acquiring)) })
            } catch {
                return .failure(error)
            }
        } onCancel: {
            cancelled.store(true, ordering: .releasing)
        }
        switch written {
        case .success(let changes?): return changes
        case .success(nil): throw .cancelled
        case .failure(let error): throw error.refreshFailure
        }
    }

    private func fetch(_ feed: Feed, with client: NYTClient) async throws(APIError) -> FeedSnapshot {
        switch feed {
        case .topStories(let section):
            return try await client.topStories(section)
        case .search(let query):
            // Each page's request waits for its slot (`RequestSpacing`): no spacing of its own on top.
            return try await client.articleSearch(query, pages: policy.searchPages, spacing: .zero)
        case .latest:
            return try await client.latest()
        case .mostPopular(let kind, let period):
            let list = try await client.mostPopular(kind, period: period)
            return FeedSnapshot(
                feed: feed, articles: list.articles, fetchedDate: list.fetchedDate, skippedCount: list.skippedCount,
                serverDate: list.serverDate)
        case .saved, .archive, .archiveMatches:
            throw .notFound
        }
    }
}
