import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Follows the reader's key trace file (one line per key: microseconds from key read to screen update).
final class KeyTraceReader {
    private let descriptor: Int32
    private var pending: [UInt8] = []

    init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BenchError.unexpected("cannot read \(path)") }
    }

    deinit {
        close(descriptor)
    }

    /// The next traced latency in microseconds, waiting up to `timeout` seconds for it.
    func next(timeout: Double) throws -> Double? {
        let deadline = Stopwatch.now() + timeout * 1_000
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if let value = line.split(separator: " ").last.flatMap({ Double($0) }) { return value }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = chunk.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending.append(contentsOf: chunk[..<count])
                continue
            }
            if Stopwatch.now() > deadline { return nil }
            usleep(100)
        }
    }
}
