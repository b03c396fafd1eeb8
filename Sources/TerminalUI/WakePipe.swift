import FoundationEssentials
import Glibc

/// A pipe that wakes the UI loop: background work writes a zero byte, signal handlers write their number.
public final class WakePipe: Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32

    public init() throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw CocoaError(.fileReadUnknown)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the loop; safe from any thread.
    public func wake() {
        var byte: UInt8 = 0
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Reads every byte waiting: the signals that arrived, and whether there was a plain wake-up.
    func drain() -> (signals: [Int32], woken: Bool) {
        var signals: [Int32] = []
        var woken = false
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readDescriptor, &bytes, bytes.count)
            guard count > 0 else { break }
            for byte in bytes[..<count] {
                if byte == 0 { woken = true } else { signals.append(Int32(byte)) }
            }
        }
        return (signals, woken)
    }
}
