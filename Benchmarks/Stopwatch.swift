#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic time in milliseconds, for timing one step.
enum Stopwatch {
    /// The monotonic clock now, in milliseconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }

    /// How long `body` took, in milliseconds, and what it returned.
    static func time<T>(_ body: () throws -> T) rethrows -> (milliseconds: Double, value: T) {
        let start = now()
        let value = try body()
        return (now() - start, value)
    }
}
