import Glibc
import NewsCore

/// A pipe that wakes the UI loop: background work writes a zero byte, signal handlers write their number.
public final class WakePipe: Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32

    /// - Throws: when no pipe can be made (too many open files, say).
    public init() throws(SystemCallError) {
        var descriptors: [Int32] = [-1, -1]
        try SystemCall.check("pipe") { pipe(&descriptors) }
        do {
            for descriptor in descriptors {
                try Self.configure(descriptor)
            }
        } catch {
            // Never used: nothing can be lost by a failing close.
            for descriptor in descriptors { _ = close(descriptor) }
            throw error
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        // Nothing is left to read or write through them: a failing close loses nothing.
        _ = close(readDescriptor)
        _ = close(writeDescriptor)
    }

    /// Makes `descriptor` non-blocking (a full pipe never blocks a signal handler, an empty one never
    /// blocks `drain`) and closed in any program the reader starts.
    static func configure(_ descriptor: Int32) throws(SystemCallError) {
        let flags = try SystemCall.check("fcntl F_GETFL") { fcntl(descriptor, F_GETFL) }
        try SystemCall.check("fcntl F_SETFL") { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        try SystemCall.check("fcntl F_SETFD") { fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    }

    /// Wakes the loop; safe from any thread.
    public func wake() {
        var byte: UInt8 = 0
        // A full pipe (EAGAIN) already holds wake-ups the loop has yet to read: this one is not missed.
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Reads every byte waiting: the signals that arrived, and whether there was a plain wake-up.
    func drain() -> (signals: [Int32], woken: Bool) {
        var signals: [Int32] = []
        var woken = false
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count: Int
            do {
                count = try SystemCall.retryingOnInterrupt("read") { read(readDescriptor, &bytes, bytes.count) }
            } catch {
                // EAGAIN: everything waiting was read. Nothing else can fail on the pipe's own open end.
                break
            }
            // 0 (end of file) cannot happen while this object holds the write end.
            guard count > 0 else { break }
            for byte in bytes[..<count] {
                if byte == 0 { woken = true } else { signals.append(Int32(byte)) }
            }
        }
        return (signals, woken)
    }
}
