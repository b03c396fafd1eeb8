import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fake NYT API on 127.0.0.1 (ephemeral port) for tests and benchmarks: real HTTP/1.1 over BSD sockets,
/// one thread per connection, no packages.
///
/// It serves the repository's fixtures by default (`/svc/topstories/v2/home.json`, `…/world.json`,
/// `/svc/search/v2/articlesearch.json`, `/svc/mostpopular/v2/viewed/1.json`), lets a test swap the body of any path while it runs, injects
/// faults per path or for every path, and logs every request it reads.
///
/// ```swift
/// let server = try FakeNYTServer()
/// server.setBody(TopStoriesJSON.body(section: "world", articles: articles), for: FakeNYTServer.topStoriesPath("world"))
/// server.setFault(.rateLimited(retryAfter: 7), for: FakeNYTServer.articleSearchPath)
/// // … run the client against server.baseURL …
/// #expect(server.requests.count == 2)
/// ```
public final class FakeNYTServer: Sendable {
    /// A function that answers one request of a path.
    public typealias Responder = @Sendable (FakeNYTRequest) -> FakeNYTResponse

    /// The port the server listens on.
    public let port: UInt16
    private let listener: Int32
    private let state: State

    /// `/svc/search/v2/articlesearch.json`.
    public static let articleSearchPath = "/svc/search/v2/articlesearch.json"

    /// `/svc/topstories/v2/<section>.json`.
    public static func topStoriesPath(_ section: String) -> String {
        "/svc/topstories/v2/\(section).json"
    }

    /// `/svc/mostpopular/v2/<kind>/<days>.json`, e.g. `viewed`, 7.
    public static func mostPopularPath(_ kind: String, days: Int) -> String {
        "/svc/mostpopular/v2/\(kind)/\(days).json"
    }

    /// The fixture served for each path when nothing was swapped in.
    public static let defaultFixtures: [String: String] = [
        topStoriesPath("home"): "topstories_home.json",
        topStoriesPath("world"): "topstories_world.json",
        articleSearchPath: "articlesearch_page0.json",
        mostPopularPath("viewed", days: 1): "mostpopular_viewed_1.json",
        newswirePath: "newswire_all.json",
    ]

    /// `/svc/archive/v1/<year>/<month>.json` (the month without a leading zero).
    public static func archivePath(year: Int, month: Int) -> String {
        "/svc/archive/v1/\(year)/\(month).json"
    }

    /// The Times Newswire's path.
    public static let newswirePath = "/svc/news/v3/content/all/all.json"

    /// Starts listening at once.
    /// - Parameter servesFixtures: false starts with no paths at all (every request gets 404).
    public init(servesFixtures: Bool = true) throws {
        let (listener, port) = try LoopbackSocket.bindEphemeral()
        guard listen(listener, 64) == 0 else {
            let code = errno
            close(listener)
            throw LoopbackSocket.Failure(call: "listen", code: code)
        }
        self.listener = listener
        self.port = port
        state = State()
        if servesFixtures {
            for (path, name) in Self.defaultFixtures {
                setBody(try Fixtures.data(name), for: path)
            }
        }
        let state = self.state
        // The accept thread alone closes the listener, once it is done with it: closed by `stop()` while
        // the thread was about to call accept, its number could already be another server's listener,
        // whose connections this stopped server would then take and drop.
        let thread = Thread {
            defer { close(listener) }
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                if state.isStopping {
                    close(connection)
                    return
                }
                let worker = Thread { Self.serve(connection, state: state) }
                worker.stackSize = 1 << 20
                worker.start()
            }
        }
        thread.name = "FakeNYTServer accept \(port)"
        thread.start()
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:<port>`: give it to the client or the program as the API base URL.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops accepting connections and releases every hanging one. Called when the server is released.
    /// Shutting the listener down wakes the accept thread, which then closes it.
    public func stop() {
        guard state.beginStopping() else { return }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    // MARK: - Bodies

    /// Serves `body` as JSON (status 200) for `path` from now on.
    public func setBody(_ body: Data, for path: String) {
        setResponse(.json(body), for: path)
    }

    /// Serves `response` for `path` from now on.
    public func setResponse(_ response: FakeNYTResponse, for path: String) {
        setResponder(for: path) { _ in response }
    }

    /// Answers requests of `path` with `responder` from now on (e.g. a different body per `page`).
    public func setResponder(for path: String, _ responder: @escaping Responder) {
        state.withLock { $0.responders[path] = responder }
    }

    /// Answers requests of every path that starts with `prefix` and has no responder of its own with
    /// `responder` from now on (e.g. every picture under `/images/`).
    public func setResponder(forPathsStartingWith prefix: String, _ responder: @escaping Responder) {
        state.withLock { $0.prefixResponders[prefix] = responder }
    }

    /// Stops serving `path`: it answers 404, as the NYT does for an unknown section.
    public func removeBody(for path: String) {
        _ = state.withLock { $0.responders.removeValue(forKey: path) }
    }

    // MARK: - Faults

    /// Makes every request of `path` fail with `fault`; nil serves the path normally again.
    public func setFault(_ fault: FakeNYTFault?, for path: String) {
        state.withLock { $0.faults[path] = fault }
    }

    /// Makes every request of every path fail with `fault` (a path's own fault wins); nil clears it.
    public func setFault(_ fault: FakeNYTFault?) {
        state.withLock { $0.globalFault = fault }
    }

    /// Clears every fault, of every path and the global one.
    public func clearFaults() {
        state.withLock {
            $0.faults.removeAll()
            $0.globalFault = nil
        }
    }

    // MARK: - Request log

    /// Every request read so far, oldest first.
    public var requests: [FakeNYTRequest] {
        state.withLock { $0.requests }
    }

    /// The requests of `path` read so far.
    public func requests(for path: String) -> [FakeNYTRequest] {
        requests.filter { $0.path == path }
    }

    /// How many connections held by `.hang` the client has closed so far.
    public var hangUps: Int {
        state.withLock { $0.hangUps }
    }

    /// Forgets the requests read so far.
    public func clearRequests() {
        state.withLock { $0.requests.removeAll() }
    }

    /// Blocks the calling thread until at least `count` requests have been read in all; false when `timeout`
    /// passed first. For threads of one's own (e.g. a benchmark); async code uses the async form.
    @discardableResult
    public func waitForRequests(_ count: Int, timeout: TimeInterval = 10) -> Bool {
        state.waitForRequests(count, until: Date().addingTimeInterval(timeout))
    }

    /// Waits, without blocking a thread of the concurrency pool, until at least `count` requests have been
    /// read in all; false when `timeout` passed first.
    @discardableResult
    public func waitForRequests(_ count: Int, timeout: TimeInterval = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while requests.count < count {
            guard Date() < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    // MARK: - Serving

    private static func serve(_ connection: Int32, state: State) {
        defer { close(connection) }
        guard let head = LoopbackSocket.readHead(connection) else { return }
        guard let request = FakeNYTRequest(head: head) else {
            LoopbackSocket.writeAll(connection, FakeNYTResponse.json(#"{"message":"bad request"}"#, status: 400).wireBytes)
            return
        }
        let (fault, responder) = state.record(request)
        let normal = responder?(request) ?? notFound
        switch fault {
        case .hang?:
            LoopbackSocket.waitForPeerToClose(connection) { state.isStopping }
            if !state.isStopping { state.withLock { $0.hangUps += 1 } }
            return
        case .endlessBody?:
            // An envelope whose list never ends: only a cap on the whole body can stop it.
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"status\":\"OK\",\"results\":["
            writeEndlessly(connection, head: head, filler: " ", state: state)
            return
        case .endlessErrorBody(let status)?:
            let head = "HTTP/1.1 \(status) Status \(status)\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<html><body>"
            writeEndlessly(connection, head: head, filler: "x", state: state)
            return
        case .shortBody?:
            LoopbackSocket.writeAll(connection, normal.wireBytes(sendingOnly: normal.body.count / 2))
        case .slow(let seconds)?:
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline && !state.isStopping {
                usleep(10_000)
            }
            LoopbackSocket.writeAll(connection, normal.wireBytes)
        case .paced(let chunk, let pause)?:
            let bytes = normal.wireBytes
            var start = 0
            while start < bytes.count && !state.isStopping {
                let end = min(bytes.count, start + max(1, chunk))
                guard LoopbackSocket.writeAll(connection, Array(bytes[start..<end])) else { return }
                start = end
                usleep(useconds_t(max(0, pause) * 1_000_000))
            }
        case let fault?:
            LoopbackSocket.writeAll(connection, FaultBodies.response(for: fault, request: request, normal: normal).wireBytes)
        case nil:
            LoopbackSocket.writeAll(connection, normal.wireBytes)
        }
        shutdown(connection, Int32(SHUT_WR))
    }

    /// Writes `head`, then `filler` 64 kB at a time until the peer hangs up or the server stops.
    private static func writeEndlessly(_ connection: Int32, head: String, filler: Character, state: State) {
        var open = LoopbackSocket.writeAll(connection, Array(head.utf8))
        let chunk = [UInt8](repeating: filler.asciiValue ?? UInt8(ascii: " "), count: 65_536)
        while open && !state.isStopping {
            open = LoopbackSocket.writeAll(connection, chunk)
            usleep(500)
        }
    }

    static let notFound = FakeNYTResponse.json(
        #"{"fault":{"faultstring":"Resource not found","detail":{"errorcode":"messaging.adaptors.http.flow.ApplicationNotFound"}}}"#,
        status: 404
    )

    // MARK: - State

    /// What the connection threads share, behind one lock.
    final class State: @unchecked Sendable {
        struct Contents {
            var responders: [String: Responder] = [:]
            var prefixResponders: [String: Responder] = [:]
            var faults: [String: FakeNYTFault] = [:]
            var globalFault: FakeNYTFault?
            var requests: [FakeNYTRequest] = []
            var hangUps = 0
            var stopping = false
        }

        private let condition = NSCondition()
        private var contents = Contents()

        func withLock<T>(_ body: (inout Contents) -> T) -> T {
            condition.lock()
            defer { condition.unlock() }
            return body(&contents)
        }

        var isStopping: Bool {
            withLock { $0.stopping }
        }

        /// Turns stopping on; false when it already was.
        func beginStopping() -> Bool {
            withLock { contents in
                defer { contents.stopping = true }
                return !contents.stopping
            }
        }

        /// Logs `request` and returns how to answer it.
        func record(_ request: FakeNYTRequest) -> (FakeNYTFault?, Responder?) {
            condition.lock()
            defer { condition.unlock() }
            contents.requests.append(request)
            condition.broadcast()
            let responder =
                contents.responders[request.path]
                ?? contents.prefixResponders.first { request.path.hasPrefix($0.key) }?.value
            return (contents.faults[request.path] ?? contents.globalFault, responder)
        }

        func waitForRequests(_ count: Int, until deadline: Date) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while contents.requests.count < count {
                if !condition.wait(until: deadline) { return contents.requests.count >= count }
            }
            return true
        }
    }
}
