import Synchronization

/// The changes a person makes (read, saved, forget, mark all read), sent to the service one at a time in
/// the order they were made: two quick `m` presses, or `m` then `b`, reach the cache in that order. The
/// reader waits for the lane to empty before it exits, so a change shown on screen is never dropped.
final class WriteLane: Sendable {
    typealias Write = @Sendable () async -> Void

    private let writes: AsyncStream<Write>.Continuation
    private let worker: Task<Void, Never>

    init() {
        let (stream, continuation) = AsyncStream<Write>.makeStream()
        writes = continuation
        worker = Task {
            for await write in stream {
                await write()
            }
        }
    }

    deinit {
        writes.finish()
    }

    /// Queues `write` after every write queued before it.
    func add(_ write: @escaping Write) {
        writes.yield(write)
    }

    /// Takes no more writes and returns once every write queued has finished.
    func finish() async {
        writes.finish()
        await worker.value
    }
}
