import Glibc

/// A thread of its own for work that blocks (poll(2), waitpid(2)) and so must not hold one of the few
/// threads that run Swift's tasks.
public enum DetachedThread {
    /// Runs `body` on a new detached thread; false when no thread could be started.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                work.body()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        // Fails only for a thread that does not exist or is detached already, not one just started.
        _ = pthread_detach(thread)
        return true
    }

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
