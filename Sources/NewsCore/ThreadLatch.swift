import Glibc

/// One thread waits until another says it is done: `open()` once, `wait()` returns after it (at once when
/// it came first). For a caller that hands part of its work to a thread of its own and must not return
/// before that thread has given back what it borrowed.
/// (`@unchecked`: the semaphore is thread-safe by itself and never moves.)
public final class ThreadLatch: @unchecked Sendable {
    private let semaphore: UnsafeMutablePointer<sem_t>

    public init() {
        semaphore = .allocate(capacity: 1)
        // Fails only for a count above SEM_VALUE_MAX; 0 is not.
        _ = sem_init(semaphore, 0, 0)
    }

    deinit {
        // Fails only for a semaphore that is not one.
        _ = sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Lets the waiter go.
    public func open() {
        // Fails only past SEM_VALUE_MAX.
        _ = sem_post(semaphore)
    }

    /// Returns once `open()` has been called.
    public func wait() {
        // Only a signal (EINTR) can interrupt the wait on a valid semaphore: wait again.
        _ = try? SystemCall.retryingOnInterrupt("sem_wait") { sem_wait(semaphore) }
    }
}
