import FoundationEssentials
import NewsCore
import NYTAPI
import ArticleStore

// Months of the NYT's archive: imported whole, listed, forgotten.
extension ReaderService {
    /// Imports every article of `month` from the Archive API, streamed and written a batch at a time, then
    /// completes the month in one transaction (see `ArticleStore.completeImport`). A month imported whole
    /// before is left alone, without a request, unless `force`; the outcome's changes are then all zero and
    /// `skipped` says so. `progress` hears of each batch written.
    public func importArchive(
        _ month: ArchiveMonth, force: Bool, progress: @escaping @Sendable (ArchiveProgress) -> Void
    ) async -> RefreshOutcome {
        let feed = Feed.archive(month)
        if !force, (try? await lanes.read({ store throws(StoreError) in try store.isComplete(month) })) == true {
            let status = (try? await currentStatus(of: feed)) ?? FeedStatus(feed: feed, count: 0)
            return .refreshed(RefreshChanges(total: status.count, inserted: 0, updated: 0, removed: 0, skipped: 0), status)
        }
        return await run(feed) { (service, client) throws(RefreshFailure) in
            try await service.importMonth(month, with: client, progress: progress)
        }
    }

    /// Every archive month imported whole, newest first.
    public nonisolated func archiveMonths() async throws(ServiceError) -> [ArchiveMonthStatus] {
        try await reading { store throws(StoreError) in try store.archiveMonths() }
    }

    public nonisolated func archiveFeeds() async throws(ServiceError) -> [FeedStatus] {
        try await archiveMonths().map { month in
            FeedStatus(feed: .archive(month.month), count: month.articleCount, lastRefreshedDate: month.completedDate, origin: .network)
        }
    }

    /// Whether `month` was imported whole.
    public nonisolated func isComplete(_ month: ArchiveMonth) async throws(ServiceError) -> Bool {
        try await reading { store throws(StoreError) in try store.isComplete(month) }
    }

    /// Forgets archive months and their articles, unless saved or listed by another feed; returns how many
    /// articles went.
    @discardableResult
    public nonisolated func forget(_ months: [ArchiveMonth]) async throws(ServiceError) -> Int {
        try await writing { store throws(StoreError) in try store.forget(months) }
    }

    /// The size of the cache in bytes.
    public nonisolated func cacheSize() async throws(ServiceError) -> Int {
        try await reading { store throws(StoreError) in try store.fileSize() }
    }

    private func importMonth(
        _ month: ArchiveMonth, with client: NYTClient, progress: @escaping @Sendable (ArchiveProgress) -> Void
    ) async throws(RefreshFailure) -> RefreshChanges {
        do { try await lanes.write { store throws(StoreError) in try store.beginImport(of: month) } } catch { throw error.refreshFailure }
        let fetchedDate = now()
        let written = ArchiveBatches(store: store, month: month, fetchedDate: fetchedDate, progress: progress)
        let summary: ArchiveSummary
        do {
            summary = try await fetching(.archive(month)) { () async throws(APIError) in
                try await client.archive(month) { articles, bytes in try written.write(articles, bytesReceived: bytes) }
            }
        } catch {
            throw written.failedToWrite ? .storage : error
        }
        let completed = now()
        let changes = RefreshChanges(
            total: summary.articleCount, inserted: written.inserted, updated: 0, removed: 0, skipped: summary.skippedCount
        )
        let store = self.store
        return try await storing { isCancelled throws(StoreError) in
            if isCancelled { return nil }
            try store.completeImport(of: month, hits: summary.hits, byteCount: summary.byteCount, at: completed)
            return changes
        }
    }
}
