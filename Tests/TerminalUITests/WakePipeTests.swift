import Foundation
import NewsCore
import Testing

@testable import TerminalUI

@Suite("The wake pipe and the terminal's descriptors")
struct WakePipeTests {
    @Test("Wake-ups and signal numbers come out of the pipe; an empty pipe never blocks")
    func roundTrip() throws {
        let pipe = try WakePipe()
        #expect(pipe.drain() == ([], false))
        pipe.wake()
        var signal = UInt8(SIGWINCH)
        #expect(write(pipe.writeDescriptor, &signal, 1) == 1)
        pipe.wake()
        let drained = pipe.drain()
        #expect(drained.signals == [SIGWINCH])
        #expect(drained.woken)
        #expect(pipe.drain() == ([], false))
        for descriptor in [pipe.readDescriptor, pipe.writeDescriptor] {
            #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK != 0)
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        }
    }

    @Test("A wake-up into a full pipe neither blocks nor fails")
    func fullPipe() throws {
        let pipe = try WakePipe()
        for _ in 0..<70_000 { pipe.wake() }
        #expect(pipe.drain().woken)
    }

    @Test("A descriptor that cannot be set up is an error naming the fcntl call")
    func badDescriptor() {
        #expect(throws: SystemCallError("fcntl F_GETFL", errno: EBADF)) { try WakePipe.configure(-1) }
    }

    @Test("The clipboard sequence reaches the terminal; a terminal that cannot be written is a failure")
    func clipboard() throws {
        var descriptors: [Int32] = [-1, -1]
        #expect(pipe(&descriptors) == 0)
        defer {
            for descriptor in descriptors { close(descriptor) }
        }
        let url = "https://www.nytimes.com/2026/11/20/world/a.html"
        #expect(Clipboard(descriptor: descriptors[1]).copy(url))
        var buffer = [UInt8](repeating: 0, count: 200)
        let count = read(descriptors[0], &buffer, buffer.count)
        #expect(String(decoding: buffer[..<max(0, count)], as: UTF8.self) == Clipboard.sequence(for: url))
        #expect(!Clipboard(descriptor: -1).copy(url))
        #expect(!Clipboard(descriptor: descriptors[0]).copy(url))
    }
}
