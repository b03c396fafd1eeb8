import Glibc
import Synchronization

/// Blocking work (SQLite calls) on threads of its own, so it never holds one of the few threads that run
/// Swift's tasks: jobs start in the order they are added, on the first of `threadCount` threads that is
/// free. With one thread, jobs run one at a time in that order. The threads start with the first job and
/// end once the queue is gone and every job added has run.
public final class WorkQueue: Sendable {
    private let threadCount: Int
    private let jobs: Jobs

    public init(threadCount: Int) {
        self.threadCount = max(1, threadCount)
        jobs = Jobs()
    }

    deinit {
        jobs.close(threads: threadCount)
    }

    /// Adds `job`; it runs on one of the queue's threads. When no thread can be started at all, it runs
    /// on the caller's thread instead of never.
    public func add(_ job: @escaping @Sendable () -> Void) {
        guard jobs.add(job) else { return }
        // The first job: the threads start. They hold the jobs, not the queue, so the queue can go.
        let jobs = jobs
        let started = (0..<threadCount).reduce(0) { started, _ in
            started + (DetachedThread.start { jobs.serve() } ? 1 : 0)
        }
        if started == 0 { jobs.runWaitingJobsHere() }
    }

    /// Runs `body` on the queue and returns its result to the calling task, which waits without holding a
    /// thread. What `body` holds is let go before the task resumes: a caller that drops the last other
    /// reference to it (the store, whose connections then close and checkpoint) is not raced by the
    /// queue's thread still holding it while the program exits.
    public func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            let pending = PendingBody(body)
            add { continuation.resume(returning: pending.run()) }
        }
        return try result.get()
    }
}

/// A job's body, run once and dropped as soon as it has run.
/// (`@unchecked`: the body is set once and taken once, by the one thread that runs the job.)
private final class PendingBody<T: Sendable, E: Error>: @unchecked Sendable {
    private var body: (@Sendable () throws(E) -> T)?

    init(_ body: @escaping @Sendable () throws(E) -> T) {
        self.body = body
    }

    func run() -> Result<T, E> {
        guard let body else { preconditionFailure("a job's body runs once") }
        self.body = nil
        return Result { () throws(E) -> T in try body() }
    }
}

/// The jobs of a `WorkQueue` and the semaphore its threads wait on.
/// (`@unchecked`: the semaphore is thread-safe by itself and never moves; the rest is behind the mutex.)
private final class Jobs: @unchecked Sendable {
    private let state = Mutex<State>(State())
    /// Counts the jobs waiting, plus one wake-up per thread once the queue is closed.
    private let waiting: UnsafeMutablePointer<sem_t>

    private struct State {
        /// The jobs added; a job taken is set to nil at once, so that what it holds goes when it has run
        /// (a job that holds the queue's owner would otherwise keep it, the queue and its threads for good).
        var jobs: [(@Sendable () -> Void)?] = []
        var next = 0
        var threadsStarted = false
        var closed = false
    }

    init() {
        waiting = .allocate(capacity: 1)
        // Fails only for a count above SEM_VALUE_MAX; 0 is not.
        _ = sem_init(waiting, 0, 0)
    }

    deinit {
        // Every thread has ended (each held these jobs). Fails only for a semaphore that is not one.
        _ = sem_destroy(waiting)
        waiting.deallocate()
    }

    /// Adds `job`; true when it is the first one (the threads must be started).
    func add(_ job: @escaping @Sendable () -> Void) -> Bool {
        let first = state.withLock { state in
            state.jobs.append(job)
            defer { state.threadsStarted = true }
            return !state.threadsStarted
        }
        // Fails only past SEM_VALUE_MAX (two billion jobs waiting).
        _ = sem_post(waiting)
        return first
    }

    /// Tells `threads` threads to end once no job is left.
    func close(threads: Int) {
        let started = state.withLock { state in
            state.closed = true
            return state.threadsStarted
        }
        guard started else { return }
        for _ in 0..<threads { _ = sem_post(waiting) }
    }

    /// A thread's life: the next job, until the queue is closed and none is left.
    func serve() {
        while true {
            // Only a signal (EINTR) can interrupt the wait on a valid semaphore: wait again.
            _ = try? SystemCall.retryingOnInterrupt("sem_wait") { sem_wait(waiting) }
            switch take() {
            case .job(let job): job()
            case .nothing: continue
            case .end: return
            }
        }
    }

    /// Runs the jobs waiting on the caller's thread (no thread of the queue could start).
    func runWaitingJobsHere() {
        state.withLock { $0.threadsStarted = false }
        // Stops at EAGAIN: no job left waiting.
        while sem_trywait(waiting) == 0 {
            if case .job(let job) = take() { job() }
        }
    }

    private enum Taken {
        case job(@Sendable () -> Void)
        case nothing
        case end
    }

    private func take() -> Taken {
        state.withLock { state in
            guard state.next < state.jobs.count, let job = state.jobs[state.next] else { return state.closed ? .end : .nothing }
            state.jobs[state.next] = nil
            state.next += 1
            if state.next >= 64, state.next * 2 >= state.jobs.count {
                state.jobs.removeFirst(state.next)
                state.next = 0
            }
            return .job(job)
        }
    }
}
