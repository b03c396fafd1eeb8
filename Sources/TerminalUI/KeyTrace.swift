import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Key-to-screen latency for benchmarks. When the environment variable `NYTREADER_KEY_TRACE` names a
/// file, the UI loop appends one line per key to it: the microseconds from reading the key to the end
/// of the screen update that shows its effect (curses' `doupdate`). Keys read together share that
/// update. When the variable is unset the loop holds no trace and pays one nil check per key.
final class KeyTrace {
    /// The environment variable naming the trace file.
    static let variable = "NYTREADER_KEY_TRACE"

    private let file: UnsafeMutablePointer<FILE>
    /// When each key not yet drawn was read (monotonic nanoseconds).
    private var pending: [UInt64] = []

    /// A trace appending to the file `NYTREADER_KEY_TRACE` names; nil when it is unset or cannot be opened.
    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment[Self.variable], !path.isEmpty, let file = fopen(path, "a") else { return nil }
        self.file = file
    }

    deinit {
        // Each update's lines were flushed already: a failing close loses none.
        _ = fclose(file)
    }

    /// Notes that a key was just read.
    func keyRead() {
        pending.append(Self.nanoseconds())
    }

    /// Notes that the screen update just ended: writes a line for each key read since the last one.
    func screenUpdated() {
        guard !pending.isEmpty else { return }
        let end = Self.nanoseconds()
        // A benchmark's file: a line that cannot be written is one sample fewer, which the benchmark
        // waits a second for and then goes without.
        for start in pending {
            _ = fputs("\((end - start) / 1_000)\n", file)
        }
        _ = fflush(file)
        pending.removeAll(keepingCapacity: true)
    }

    private static func nanoseconds() -> UInt64 {
        var time = timespec()
        // Fails only for an unknown clock or a bad pointer.
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
