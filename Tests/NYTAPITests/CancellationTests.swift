import Foundation
import Synchronization
import TestSupport
import Testing

@testable import NYTAPI

/// Cancelling a transfer: no piece reaches the consumer once `cancel()` has returned, and the caller has
/// its answer only when the consumer is not in the middle of a piece.
@Suite("Cancelling a transfer", .timeLimit(.minutes(1)))
struct CancellationTests {
    /// What the consumer saw, shared with the test.
    final class Consumer: Sendable {
        struct Counts {
            var pieces = 0
            var piecesAfterCancel = 0
            var cancelReturned = false
            var isRunning = false
            /// Whether the test saw the slow piece under way (`markSeen`).
            var slowPieceSeen = false
        }

        let counts = Mutex(Counts())
        /// How long the consumer works on piece number `slowPiece` (1-based), once the test has seen it
        /// under way (`markSeen`, waited for up to 20 s): a loaded machine that runs the test late never
        /// lets the piece end unseen.
        let slowPiece: Int
        let slowFor: Duration

        init(slowPiece: Int = 0, slowFor: Duration = .zero) {
            self.slowPiece = slowPiece
            self.slowFor = slowFor
        }

        func consume(_ chunk: UnsafeRawBufferPointer) {
            let number = counts.withLock { counts in
                counts.pieces += 1
                if counts.cancelReturned { counts.piecesAfterCancel += 1 }
                counts.isRunning = true
                return counts.pieces
            }
            if number == slowPiece {
                let clock = ContinuousClock()
                let deadline = clock.now + .seconds(20)
                while !counts.withLock({ $0.slowPieceSeen }), clock.now < deadline { usleep(1_000) }
                let (seconds, attoseconds) = slowFor.components
                usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            }
            counts.withLock { $0.isRunning = false }
        }

        func markSeen() {
            counts.withLock { $0.slowPieceSeen = true }
        }

        func cancelled() {
            counts.withLock { $0.cancelReturned = true }
        }

        var pieces: Int { counts.withLock { $0.pieces } }
    }

    /// A server that sends an 8 MB body in 1 kB pieces, 2 ms apart: about 16 s in all, so that an answer
    /// that waited for the whole body stands far apart from one that did not, however loaded the machine.
    static func slowServer() throws -> (FakeNYTServer, URL) {
        let server = try FakeNYTServer()
        let path = "/svc/slow.json"
        server.setBody(Data(repeating: UInt8(ascii: " "), count: 8 << 20), for: path)
        server.setFault(.paced(chunk: 1_024, pause: 0.002), for: path)
        return (server, server.baseURL.appendingPathComponent(path))
    }

    /// Starts streaming `url` into `consumer` through an exchange the test can cancel itself.
    static func start(_ url: URL, into consumer: Consumer) -> (CurlExchange, Task<CurlExchange.Outcome, Never>) {
        let exchange = CurlExchange(
            library: .process, url: url, headers: [:], timeout: 30, maximumBodySize: 20 << 20, consumer: { consumer.consume($0) }
        )
        let task = Task { await withCheckedContinuation { exchange.start($0) } }
        return (exchange, task)
    }

    @Test("After cancel() returns, the consumer is not called again")
    func noPieceAfterCancel() async throws {
        let (server, url) = try Self.slowServer()
        let consumer = Consumer()
        let (exchange, task) = Self.start(url, into: consumer)
        while consumer.pieces < 5 { try await Task.sleep(for: .milliseconds(1)) }
        exchange.cancel()
        consumer.cancelled()
        let outcome = await task.value
        #expect(outcome == .failure(.cancelled))
        try await Task.sleep(for: .milliseconds(500))
        #expect(consumer.counts.withLock { $0.piecesAfterCancel } == 0)
        _ = server
    }

    @Test("Cancelled while the consumer works on a piece: answered once that piece is done, with no piece after")
    func answerWaitsForThePieceInHand() async throws {
        let (server, url) = try Self.slowServer()
        let consumer = Consumer(slowPiece: 3, slowFor: .milliseconds(400))
        let (exchange, task) = Self.start(url, into: consumer)
        while !consumer.counts.withLock({ $0.pieces >= 3 && $0.isRunning }) { try await Task.sleep(for: .milliseconds(1)) }
        consumer.markSeen()
        let clock = ContinuousClock()
        let start = clock.now
        exchange.cancel()
        consumer.cancelled()
        let outcome = await task.value
        #expect(outcome == .failure(.cancelled))
        #expect(!consumer.counts.withLock { $0.isRunning }, "the caller was answered while the consumer still ran")
        // The piece takes 0.4 s, the rest of the body 16 s.
        #expect(clock.now - start < .seconds(6))
        try await Task.sleep(for: .milliseconds(300))
        #expect(consumer.counts.withLock { $0.piecesAfterCancel } == 0)
        _ = server
    }

    @Test("Cancelling ends a transfer waiting for an answer at once, not at libcurl's next own wake-up")
    func transferEndsAtOnce() async throws {
        // Woken by its own timers, libcurl 7.88 takes about 200 ms here; with its sockets shut down, a few ms.
        // A loaded machine only makes a round slower, never faster: the best of three rounds is compared.
        var rounds: [Duration] = []
        for _ in 0..<3 {
            rounds.append(try await Self.cancelHangingTransfers())
            if rounds.last! < .milliseconds(150) { break }
        }
        #expect(rounds.min()! < .milliseconds(150), "\(rounds) until every connection closed")
    }

    /// Starts transfers to a server that never answers, cancels them all, and says how long it took until
    /// the server saw every connection closed.
    private static func cancelHangingTransfers() async throws -> Duration {
        let server = try FakeNYTServer()
        server.setFault(.hang)
        // Several at once, so that one that happened to wake on its own does not decide.
        let count = 6
        let exchanges = (0..<count).map { _ in
            Self.start(server.baseURL.appendingPathComponent("svc"), into: Consumer())
        }
        #expect(await server.waitForRequests(count))
        let clock = ContinuousClock()
        let start = clock.now
        for (exchange, _) in exchanges { exchange.cancel() }
        while server.hangUps < count, clock.now - start < .seconds(5) {
            try await Task.sleep(for: .milliseconds(2))
        }
        let elapsed = clock.now - start
        #expect(server.hangUps == count)
        for (_, task) in exchanges { #expect(await task.value == .failure(.cancelled)) }
        return elapsed
    }

    @Test("Cancelling the calling task answers at once while nothing arrives")
    func cancelWhileWaiting() async throws {
        let server = try FakeNYTServer()
        server.setFault(.hang)
        let transport = CurlTransport()
        let task = Task {
            try await transport.send(HTTPRequest(url: server.baseURL.appendingPathComponent("svc"), timeout: 30))
        }
        #expect(await server.waitForRequests(1))
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        await #expect(throws: TransportError.cancelled) { try await task.value }
        // Far below the request's 30 s, however loaded the machine.
        #expect(clock.now - start < .seconds(5))
    }
}
