import Foundation
import NYTAPI
import Synchronization

/// Answers every request with the same response.
struct FixedTransport: HTTPTransport {
    let response: HTTPResponse

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        response
    }
}

/// Fails every request below HTTP.
struct FailingTransport: HTTPTransport {
    let error: TransportError

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        throw error
    }
}

/// Answers requests in turn from a list of bodies; each request waits until `release()` when `holding`.
/// It answers even when its caller was cancelled meanwhile, as a response that arrived just as the cancel
/// did: only the service's own check can then keep a cancelled refresh from writing.
final class ScriptedTransport: HTTPTransport {
    private let state = Mutex<(bodies: [Data], requests: Int, queries: [[String: String]])>(([], 0, []))
    private let holding: Bool
    private let gate = Mutex<[CheckedContinuation<Void, Never>]>([])

    init(bodies: [Data], holding: Bool = false) {
        self.holding = holding
        state.withLock { $0.bodies = bodies }
    }

    /// Requests received so far.
    var requestCount: Int { state.withLock { $0.requests } }

    /// The query parameters of each request so far, in order (the key left out).
    var queries: [[String: String]] { state.withLock { $0.queries } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let query = Dictionary(items.filter { $0.name != "api-key" }.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let body = state.withLock { state -> Data in
            state.requests += 1
            state.queries.append(query)
            return state.bodies.isEmpty ? Data() : state.bodies.removeFirst()
        }
        if holding {
            await withCheckedContinuation { continuation in
                gate.withLock { $0.append(continuation) }
            }
        }
        return HTTPResponse(status: 200, body: body)
    }

    /// Lets every waiting request answer.
    func release() {
        let waiting = gate.withLock { gate -> [CheckedContinuation<Void, Never>] in
            defer { gate.removeAll() }
            return gate
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Waits until `count` requests arrived; throws when they have not within `timeout` (long: the whole
    /// test run shares two threads, and its CPU-bound tests can hold both for tens of seconds).
    func waitForRequests(_ count: Int, timeout: Duration = .seconds(120)) async throws {
        let deadline = ContinuousClock.now + timeout
        while requestCount < count {
            guard ContinuousClock.now < deadline else { throw TransportTimeout(expected: count, received: requestCount) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// `ScriptedTransport.waitForRequests` gave up.
struct TransportTimeout: Error, CustomStringConvertible {
    let expected: Int
    let received: Int

    var description: String { "waited for \(expected) requests, \(received) arrived" }
}

/// Answers every request with one status and counts the requests.
final class CountingTransport: HTTPTransport {
    private let requests = Mutex(0)
    private let status: Int
    private let headers: [String: String]

    init(status: Int, headers: [String: String] = [:]) {
        self.status = status
        self.headers = headers
    }

    var count: Int { requests.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        requests.withLock { $0 += 1 }
        return HTTPResponse(status: status, headers: headers, body: Data("{}".utf8))
    }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) {
        current = Mutex(start)
    }

    var now: @Sendable () -> Date {
        { [self] in current.withLock { $0 } }
    }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Answers each request by its URL path (404 for a path it does not know), counting the requests per path;
/// a path's answer can be changed between requests.
final class PathTransport: HTTPTransport {
    private let state = Mutex<(answers: [String: HTTPResponse], requests: [String])>(([:], []))

    init(_ bodies: [String: Data] = [:]) {
        for (path, body) in bodies { set(body, for: path) }
    }

    /// Answers `path` with 200 and `body`, or with `status` and an empty JSON object.
    func set(_ body: Data, for path: String) {
        state.withLock { $0.answers[path] = HTTPResponse(status: 200, body: body) }
    }

    /// Answers `path` with `response`, headers and all.
    func set(_ response: HTTPResponse, for path: String) {
        state.withLock { $0.answers[path] = response }
    }

    func set(status: Int, for path: String) {
        state.withLock { $0.answers[path] = HTTPResponse(status: status, body: Data("{}".utf8)) }
    }

    /// The paths asked so far, in order.
    var requests: [String] { state.withLock { $0.requests } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let path = request.url.path
        return state.withLock { state in
            state.requests.append(path)
            return state.answers[path] ?? HTTPResponse(status: 404, body: Data("{}".utf8))
        }
    }
}
