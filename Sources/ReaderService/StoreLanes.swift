import ArticleStore
import NewsCore

/// The store's own threads: every SQLite call of the service runs here, never on one of the few threads
/// that run Swift's tasks, which a call waiting for a lock or the disk would hold. Reads run side by side
/// (as many as the store has reading connections); writes run one at a time, in the order they were asked.
final class StoreLanes: Sendable {
    let store: ArticleStore
    private let readers = WorkQueue(threadCount: ArticleStore.readingConnections)
    private let writer = WorkQueue(threadCount: 1)

    init(store: ArticleStore) {
        self.store = store
    }

    /// Runs `body` on a reading thread.
    func read<T: Sendable>(_ body: @escaping @Sendable (ArticleStore) throws(StoreError) -> T) async throws(StoreError) -> T {
        let store = store
        return try await readers.run { () throws(StoreError) in try body(store) }
    }

    /// Runs `body` on the writing thread, after every write asked before it.
    func write<T: Sendable>(_ body: @escaping @Sendable (ArticleStore) throws(StoreError) -> T) async throws(StoreError) -> T {
        let store = store
        return try await writer.run { () throws(StoreError) in try body(store) }
    }

    /// Queues `body` on the writing thread, after every write asked before it, without waiting for it.
    func queueWrite(_ body: @escaping @Sendable (ArticleStore) -> Void) {
        let store = store
        writer.add { body(store) }
    }
}
