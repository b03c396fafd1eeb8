import ArticleStore
import FoundationEssentials
import NYTAPI
import NewsCore
import Synchronization

/// Sets aside the batches of one archive month as the transport hands them on (on its thread; see
/// `ArticleStore.stageBatch`), counting what arrived and remembering whether setting one aside failed
/// (the transfer then stops), then keeps what the month's response held once it was read whole.
final class ArchiveBatches: Sendable {
    private let store: ArticleStore
    private let month: ArchiveMonth
    private let progress: @Sendable (ArchiveProgress) -> Void
    private let counts = Mutex<(received: Int, failure: StoreError?, summary: ArchiveSummary?)>((0, nil, nil))

    init(store: ArticleStore, month: ArchiveMonth, progress: @escaping @Sendable (ArchiveProgress) -> Void) {
        self.store = store
        self.month = month
        self.progress = progress
    }

    /// Articles set aside so far.
    var received: Int { counts.withLock { $0.received } }
    /// Why a batch could not be set aside, when one could not.
    var writeFailure: StoreError? { counts.withLock { $0.failure } }
    /// What the month's response held, once it was read whole.
    var summary: ArchiveSummary? { counts.withLock { $0.summary } }

    /// Notes what the month's response held, once it was read whole.
    func finish(_ summary: ArchiveSummary) {
        counts.withLock { $0.summary = summary }
    }

    func write(_ articles: [Article], bytesReceived: Int) throws {
        do {
            try store.stageBatch(articles, of: month)
        } catch {
            counts.withLock { $0.failure = error }
            throw error
        }
        let now = counts.withLock { counts -> ArchiveProgress in
            counts.received += articles.count
            return ArchiveProgress(bytesReceived: bytesReceived, articlesReceived: counts.received)
        }
        progress(now)
    }
}
