import Foundation
import Synchronization
import TerminalPictures
import Testing

@Suite("Device attributes")
struct DeviceAttributesTests {
    func parse(_ text: String) -> DeviceAttributes? { DeviceAttributes(answer: Array(text.utf8)) }

    @Test("xterm's answer with and without sixels")
    func xterm() throws {
        let sixel = try #require(parse("\u{1B}[?64;1;2;4;6;9;15;18;21;22c"))
        #expect(sixel.serviceClass == 64)
        #expect(sixel.attributes == [1, 2, 4, 6, 9, 15, 18, 21, 22])
        #expect(sixel.hasSixels)
        #expect(try #require(parse("\u{1B}[?64;1;2;6;9;15;18;21;22c")).hasSixels == false)
        #expect(try #require(parse("\u{1B}[?62;4c")).hasSixels)
    }

    @Test("The service class is not an attribute: a VT132's class 4 is no sixel")
    func serviceClass() throws {
        #expect(try #require(parse("\u{1B}[?4;6c")).hasSixels == false)
        #expect(try #require(parse("\u{1B}[?1;2c")).hasSixels == false)
        #expect(try #require(parse("\u{1B}[?6c")).attributes == [])
        #expect(try #require(parse("\u{1B}[?64;14;4c")).hasSixels)
        #expect(try #require(parse("\u{1B}[?64;44c")).hasSixels == false)
    }

    @Test("The answer is found among other input; the last complete one counts")
    func surrounded() throws {
        #expect(try #require(parse("abc\u{1B}[?62;4cxyz")).hasSixels)
        #expect(try #require(parse("\u{1B}[?62;4c\u{1B}[?62;1c")).hasSixels == false)
        #expect(try #require(parse("\u{1B}[?62;4c\u{1B}[?62;1")).hasSixels)
    }

    @Test("No answer, a partial one, or nonsense is nil")
    func unreadable() {
        for text in [
            "", "c", "\u{1B}[?c", "\u{1B}[?62;;4c", "\u{1B}[62;4c", "[?62;4c", "\u{1B}[?62;4", "\u{1B}[?123456c",
            "\u{1B}[>1;10;0c",
        ] {
            #expect(parse(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("The query is ESC [ c")
    func query() {
        #expect(DeviceAttributes.query == [0x1B, 0x5B, 0x63])
    }
}

/// The query against a pseudo-terminal, the test playing the terminal.
@Suite("Device attributes query")
struct DeviceAttributesQueryTests {
    /// Reads from `terminal`'s master side until `expected` has arrived (or a second has passed).
    static func await(_ expected: [UInt8], from master: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        for _ in 0..<100 where !received.ends(with: expected) {
            var waiting = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 10) == 1 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count > 0 { received += buffer[..<count] }
        }
        return received
    }

    @Test("The query goes to the terminal, its answer comes back, and the terminal's modes are put back")
    func answered() throws {
        let terminal = try PseudoTerminal()
        let descriptor = terminal.terminal
        var before = termios()
        try #require(tcgetattr(descriptor, &before) == 0)

        let master = terminal.master
        let answering = Thread {
            _ = Self.await(DeviceAttributes.query, from: master)
            let answer = Array("\u{1B}[?64;1;2;4;6;9;15;18;21;22c".utf8)
            _ = answer.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        answering.start()
        let attributes = try DeviceAttributes.query(descriptor: descriptor, timeout: .seconds(2))
        #expect(attributes?.serviceClass == 64)
        #expect(attributes?.hasSixels == true)
        var after = termios()
        try #require(tcgetattr(descriptor, &after) == 0)
        #expect(after.c_lflag == before.c_lflag)
    }

    @Test("A terminal that does not answer costs the timeout and gives nil")
    func silent() throws {
        let terminal = try PseudoTerminal()
        let descriptor = terminal.terminal
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try DeviceAttributes.query(descriptor: descriptor, timeout: .milliseconds(80)) == nil)
        let elapsed = clock.now - start
        #expect(elapsed >= .milliseconds(75) && elapsed < .seconds(2))
        #expect(Self.await(DeviceAttributes.query, from: terminal.master).ends(with: DeviceAttributes.query))
    }

    /// The signals blocked in thread `thread` of this process (`SigBlk` in its status), as a bit mask.
    static func blockedSignals(of thread: String) -> UInt64? {
        guard let status = try? String(contentsOfFile: "/proc/self/task/\(thread)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") })
        else { return nil }
        return UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    }

    @Test("While the terminal is without echo, the signals that end or stop the program wait: the terminal is put back first")
    func signalsWaitDuringQuery() throws {
        let terminal = try PseudoTerminal()
        let descriptor = terminal.terminal
        let asking = Mutex<(thread: String, done: Bool)>(("", false))
        let querying = Thread {
            // As on the program's main thread: the signals are not blocked before the query.
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP] { sigaddset(&unblocked, signal) }
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            let thread = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
            asking.withLock { $0.thread = String(thread.split(separator: "/").last ?? "") }
            _ = try? DeviceAttributes.query(descriptor: descriptor, timeout: .milliseconds(600))
            asking.withLock { $0.done = true }
        }
        querying.start()
        #expect(Self.await(DeviceAttributes.query, from: terminal.master).ends(with: DeviceAttributes.query))
        let thread = asking.withLock { $0.thread }
        let ending = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP].reduce(UInt64(0)) { $0 | (1 << UInt64($1 - 1)) }
        let during = try #require(Self.blockedSignals(of: thread))
        #expect(during & ending == ending, "blocked while the query waits: \(String(during, radix: 16))")
        for _ in 0..<200 where !asking.withLock({ $0.done }) { usleep(5_000) }
        try #require(asking.withLock { $0.done })
        // The thread is gone once its block ends; the mask was put back before (the same call's end).
        var modes = termios()
        try #require(tcgetattr(descriptor, &modes) == 0)
        #expect(modes.c_lflag & tcflag_t(ECHO) != 0, "echo back")
    }

    @Test("Something that is not a terminal is a typed error")
    func notATerminal() {
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        #expect(throws: PictureError.terminalUnavailable(errno: ENOTTY)) {
            try DeviceAttributes.query(descriptor: null, timeout: .milliseconds(10))
        }
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
