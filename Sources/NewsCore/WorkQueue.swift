import Glibc
import Synchronization

/// Blocking work (SQLite calls) on threads of its own, so it never holds one of the few threads that run
/// Swift's tasks: jobs start in the order they are added, on the first of `threadCount` threads that is
/// free. With one thread, jobs run one at a time in that order. The threads start with the first job and
/// live as long as the process.
/// (`@unchecked`: the semaphore is thread-safe by itself; the rest is behind the mutex.)
public final class WorkQueue: @unchecked Sendable {
    private let threadCount: Int
    private let state = Mutex<State>(State())
    /// Counts the jobs waiting; each thread waits on it for the next one.
    private let waiting: UnsafeMutablePointer<sem_t>

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var next = 0
        var threadsStarted = false
    }

    public init(threadCount: Int) {
        self.threadCount = max(1, threadCount)
        waiting = .allocate(capacity: 1)
        // Fails only for a count above SEM_VALUE_MAX; 0 is not.
        _ = sem_init(waiting, 0, 0)
    }

    deinit {
        // Never reached while a thread runs (each holds the queue); kept for queues that never started.
        // Fails only for a semaphore that is not one.
        _ = sem_destroy(waiting)
        waiting.deallocate()
    }

    /// Adds `job`; it runs on one of the queue's threads. When no thread can be started at all, it runs
    /// on the caller's thread instead of never.
    public func add(_ job: @escaping @Sendable () -> Void) {
        let startThreads = state.withLock { state in
            state.jobs.append(job)
            defer { state.threadsStarted = true }
            return !state.threadsStarted
        }
        // Fails only past SEM_VALUE_MAX (two billion jobs waiting).
        _ = sem_post(waiting)
        if startThreads, self.startThreads() == 0 {
            state.withLock { $0.threadsStarted = false }
            runWaitingJobsHere()
        }
    }

    /// Runs `body` on the queue and returns its result to the calling task, which waits without holding a
    /// thread.
    public func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            add { continuation.resume(returning: Result { () throws(E) -> T in try body() }) }
        }
        return try result.get()
    }

    /// Starts the threads; returns how many started.
    private func startThreads() -> Int {
        (0..<threadCount).reduce(0) { started, _ in
            started + (DetachedThread.start { [self] in serve() } ? 1 : 0)
        }
    }

    private func serve() {
        while true {
            // Only a signal (EINTR) can interrupt the wait on a valid semaphore: wait again.
            _ = try? SystemCall.retryingOnInterrupt("sem_wait") { sem_wait(waiting) }
            takeJob()?()
        }
    }

    private func runWaitingJobsHere() {
        // Stops at EAGAIN: no job left waiting.
        while sem_trywait(waiting) == 0 {
            takeJob()?()
        }
    }

    private func takeJob() -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard state.next < state.jobs.count else { return nil }
            let job = state.jobs[state.next]
            state.next += 1
            if state.next >= 64, state.next * 2 >= state.jobs.count {
                state.jobs.removeFirst(state.next)
                state.next = 0
            }
            return job
        }
    }
}
