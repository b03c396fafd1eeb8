import ArticleStore
import FoundationEssentials
import NYTAPI
import NewsCore
import Synchronization

/// Writes the batches of one archive month as the transport hands them on (on its thread), counting
/// what was written and remembering whether a write failed (the transfer then stops), then keeps what
/// the month's response held once it was read whole.
final class ArchiveBatches: Sendable {
    private let store: ArticleStore
    private let month: ArchiveMonth
    private let fetchedDate: Date
    private let progress: @Sendable (ArchiveProgress) -> Void
    private let counts = Mutex<(stored: Int, new: Int, failure: StoreError?, summary: ArchiveSummary?)>((0, 0, nil, nil))

    init(store: ArticleStore, month: ArchiveMonth, fetchedDate: Date, progress: @escaping @Sendable (ArchiveProgress) -> Void) {
        self.store = store
        self.month = month
        self.fetchedDate = fetchedDate
        self.progress = progress
    }

    /// Articles the cache did not have before this import.
    var inserted: Int { counts.withLock { $0.new } }
    /// Why a batch could not be written, when one could not.
    var writeFailure: StoreError? { counts.withLock { $0.failure } }
    /// What the month's response held, once it was read whole.
    var summary: ArchiveSummary? { counts.withLock { $0.summary } }

    /// Notes what the month's response held, once it was read whole.
    func finish(_ summary: ArchiveSummary) {
        counts.withLock { $0.summary = summary }
    }

    func write(_ articles: [Article], bytesReceived: Int) throws {
        let new: Int
        do {
            new = try store.appendBatch(articles, to: month, fetchedDate: fetchedDate)
        } catch {
            counts.withLock { $0.failure = error }
            throw error
        }
        let now = counts.withLock { counts -> ArchiveProgress in
            counts.stored += articles.count
            counts.new += new
            return ArchiveProgress(bytesReceived: bytesReceived, articlesStored: counts.stored, newArticles: counts.new)
        }
        progress(now)
    }
}
