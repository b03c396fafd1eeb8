import Glibc

/// A pthread mutex and a condition variable at fixed addresses (neither may move once initialised):
/// callers take the lock, and wait under it until another thread signals a change.
final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        // Both fail only for invalid attributes, and none are given.
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits, with the lock held, until `isReady` is true; rechecked after each signal.
    func wait(until isReady: () -> Bool) {
        while !isReady() {
            pthread_cond_wait(condition, mutex)
        }
    }

    /// Wakes one waiter.
    func signal() {
        pthread_cond_signal(condition)
    }
}
