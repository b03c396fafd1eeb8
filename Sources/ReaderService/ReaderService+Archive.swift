import ArticleStore
import FoundationEssentials
import NYTAPI
import NewsCore

// Months of the NYT's archive: imported whole, listed, forgotten.
extension ReaderService {
    /// Imports every article of `month` from the Archive API (see `importArchiveMonth`); the outcome alone.
    public func importArchive(
        _ month: ArchiveMonth, force: Bool, progress: @escaping @Sendable (ArchiveProgress) -> Void
    ) async -> RefreshOutcome {
        await importArchiveMonth(month, force: force, progress: progress).outcome
    }

    /// Imports every article of `month` from the Archive API, streamed and set aside a batch at a time,
    /// then writes and completes the month in one transaction (see `importMonth`), unless the response
    /// held fewer docs than the NYT counts for the month: that import fails as malformed, and the month
    /// stays incomplete. A month imported whole before is left alone, without a request, unless `force`;
    /// the outcome's changes are then all zero. `progress` hears of each batch set aside.
    /// Another process importing the same month is waited for (`ArchiveImportLock`; `waitsForOther` is told
    /// once), and the month then looked at again.
    public func importArchiveMonth(
        _ month: ArchiveMonth, force: Bool, waitsForOther: @Sendable () -> Void = {},
        progress: @escaping @Sendable (ArchiveProgress) -> Void
    ) async -> ArchiveImport {
        let feed = Feed.archive(month)
        let lock = store.archiveImportLock(for: month)
        defer { lock?.release() }
        if let lock, case .heldElsewhere = lock.tryTake() {
            waitsForOther()
            while case .heldElsewhere = lock.tryTake() {
                do { try await Task.sleep(for: .milliseconds(250)) } catch {
                    return ArchiveImport(outcome: .failed(.cancelled, FeedStatus(feed: feed, count: 0)), summary: nil)
                }
            }
        }
        if !force {
            if let whole = await alreadyImported(month) { return whole }
            // Its turn waited for first: another process's import of the same month may end meanwhile (two
            // runs of one command a moment apart), and the month is then not asked for again.
            if policy.waitsForOthers {
                try? await spacing.takeTurn(for: .archive)
                if let whole = await alreadyImported(month) { return whole }
            }
        }
        let written = ArchiveBatches(store: store, month: month, progress: progress)
        let fetchedDate = now()
        let outcome = await run(feed) { (service, client) throws(RefreshFailure) in
            try await service.importMonth(month, fetchedDate: fetchedDate, with: client, into: written)
        }
        return ArchiveImport(outcome: outcome, summary: written.summary)
    }

    /// The unchanged outcome of `month` when it was imported whole before; nil otherwise.
    private func alreadyImported(_ month: ArchiveMonth) async -> ArchiveImport? {
        let now = now()
        guard (try? await lanes.read({ store throws(StoreError) in try store.isComplete(month, at: now) })) == true else { return nil }
        let feed = Feed.archive(month)
        let status = (try? await currentStatus(of: feed)) ?? FeedStatus(feed: feed, count: 0)
        let unchanged = RefreshChanges(total: status.count, inserted: 0, updated: 0, removed: 0, skipped: 0)
        return ArchiveImport(outcome: .refreshed(unchanged, status), summary: nil)
    }

    /// Every archive month imported whole, newest first.
    public nonisolated func archiveMonths() async throws(ServiceError) -> [ArchiveMonthStatus] {
        try await reading { store throws(StoreError) in try store.archiveMonths() }
    }

    /// Months whose import was cut short, newest first, with what they hold so far.
    public nonisolated func archiveMonthsInPart() async throws(ServiceError) -> [FeedStatus] {
        try await reading { store throws(StoreError) in try store.archiveMonthsInPart() }
    }

    /// The feeds of the archive months, newest first: those imported whole (dated by their import) and those
    /// imported in part (undated).
    public nonisolated func archiveFeeds() async throws(ServiceError) -> [FeedStatus] {
        let whole = try await archiveMonths().map { month in
            FeedStatus(feed: .archive(month.month), count: month.articleCount, lastRefreshedDate: month.completedDate, origin: .network)
        }
        return (whole + (try await archiveMonthsInPart())).sorted { $0.feed.key > $1.feed.key }
    }

    /// Whether `month` was imported whole.
    public nonisolated func isComplete(_ month: ArchiveMonth) async throws(ServiceError) -> Bool {
        let now = now()
        return try await reading { store throws(StoreError) in try store.isComplete(month, at: now) }
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

    /// The bytes of the cache's pages that hold nothing (kept for later writes).
    public nonisolated func cacheFreeSize() async throws(ServiceError) -> Int {
        try await reading { store throws(StoreError) in try store.freeSize() }
    }

    /// Packs the texts of articles cached before packing and rewrites the cache without its free pages
    /// (`ArticleStore.compact`), after the writes asked before it.
    public nonisolated func compactCache(
        progress: @escaping @Sendable (CompactionStep) -> Void = { _ in }
    ) async throws(ServiceError) -> Compaction {
        try await writing { store throws(StoreError) in try store.compact(progress: progress) }
    }

    /// Makes the sets of articles per common word (`ArticleStore.buildWordSets`) of the archive indexes
    /// `months` are in that have none: an import forgets those of each index it writes into. The number of
    /// indexes gone through.
    public nonisolated func indexCommonWords(
        of months: [ArchiveMonth], progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws(ServiceError) -> Int {
        try await writing { store throws(StoreError) in try store.buildWordSets(of: months, progress: progress) }
    }

    /// Imports `month`: its articles set aside as they arrive (`ArchiveBatches`), then written in publication
    /// order with the month's record in one transaction (`ArticleStore.completeImport`). What arrived before
    /// the transfer failed, or of a month short of its docs, is written as the month in part; what arrived
    /// before the import was stopped is forgotten.
    private func importMonth(
        _ month: ArchiveMonth, fetchedDate: Date, with client: NYTClient, into written: ArchiveBatches
    ) async throws(RefreshFailure) -> RefreshChanges {
        do { try await lanes.write { store throws(StoreError) in try store.beginImport(of: month) } } catch { throw error.refreshFailure }
        let summary: ArchiveSummary
        do {
            summary = try await fetching(.archive(month)) { () async throws(APIError) in
                try await client.archive(month) { articles, bytes in try written.write(articles, bytesReceived: bytes) }
            }
        } catch {
            let failure = written.writeFailure?.refreshFailure ?? error
            await endInPart(month, fetchedDate: fetchedDate, keeping: failure != .cancelled)
            throw failure
        }
        written.finish(summary)
        if Task.isCancelled {
            await endInPart(month, fetchedDate: fetchedDate, keeping: false)
            throw .cancelled
        }
        guard summary.missingCount == 0 else {
            await endInPart(month, fetchedDate: fetchedDate, keeping: true)
            throw .malformed
        }
        // Dated by the server's clock when this one is far from it: a month imported under a clock ahead
        // would otherwise count as imported after its end, and whole for good.
        let completed = ServerClock.trusted(local: now(), server: summary.serverDate)
        let store = self.store
        return try await storing { isCancelled throws(StoreError) in
            if isCancelled {
                store.discardStaged(of: month)
                return nil
            }
            let inserted = try store.completeImport(
                of: month, hits: summary.hits, byteCount: summary.byteCount, fetchedDate: fetchedDate, at: completed)
            return RefreshChanges(total: summary.articleCount, inserted: inserted, updated: 0, removed: 0, skipped: summary.skippedCount)
        }
    }

    /// Ends `month`'s import before it completed: what it set aside is written as the month in part, with
    /// `keeping` (a failed transfer, a month short of its docs), or forgotten (a stopped import, which
    /// writes nothing more). Writing it may fail in turn: the month then holds what it held before.
    private func endInPart(_ month: ArchiveMonth, fetchedDate: Date, keeping: Bool) async {
        guard keeping else {
            lanes.queueWrite { store in store.discardStaged(of: month) }
            return
        }
        _ = try? await lanes.write { store throws(StoreError) in try store.keepInPart(of: month, fetchedDate: fetchedDate) }
    }
}
