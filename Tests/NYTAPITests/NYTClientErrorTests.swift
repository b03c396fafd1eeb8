import Foundation
import NYTAPI
import NewsCore
import TestSupport
import Testing

/// Each failure the NYT or the network can produce, from the loopback fake server through the real
/// libcurl transport, and the typed error it becomes.
@Suite("NYT client errors against the fake server")
struct NYTClientErrorTests {
    static let key = "Zq7-secret-KEY-4711"

    static func client(_ baseURL: URL, timeout: TimeInterval = 5, transport: CurlTransport = CurlTransport()) throws -> NYTClient {
        try NYTClient(apiKey: key, baseURL: baseURL, transport: transport, timeout: timeout)
    }

    /// The faults of the fake server and the error each must become, for Top Stories and for Article Search.
    static let cases: [(FakeNYTFault, APIError)] = [
        (.unauthorized, .unauthorized(status: 401)),
        (.forbidden, .unauthorized(status: 403)),
        (.notFound, .notFound),
        (.rateLimited(retryAfter: 7), .rateLimited(retryAfter: 7)),
        (.rateLimited(retryAfter: nil), .rateLimited(retryAfter: nil)),
        (.serverError(status: 500), .server(status: 500)),
        (.serverError(status: 503), .server(status: 503)),
        (.truncatedJSON, .malformed(reason: "not valid JSON")),
        (.htmlBody, .malformed(reason: "not valid JSON")),
        (.garbage, .malformed(reason: "not valid JSON")),
        (.statusError, .apiStatus("ERROR")),
        (.wrongTypes, .malformed(reason: "none of the 2 items could be read")),
        (.echoRequestLine, .unauthorized(status: 401)),
        (.hang, .timeout),
    ]

    /// Runs both endpoints against a server failing with `fault`; returns the errors thrown.
    static func errors(for fault: FakeNYTFault) async throws -> [APIError] {
        let server = try FakeNYTServer()
        server.setFault(fault)
        let client = try client(server.baseURL, timeout: fault == .hang ? 0.5 : 10)
        var errors: [APIError] = []
        do {
            _ = try await client.topStories(.world)
            Issue.record("Top Stories succeeded despite \(fault)")
        } catch {
            errors.append(error)
        }
        do {
            _ = try await client.articleSearch(SearchQuery(text: "climate"), page: 0)
            Issue.record("Article Search succeeded despite \(fault)")
        } catch {
            errors.append(error)
        }
        return errors
    }

    @Test("Each fault becomes its typed error, for Top Stories and Article Search", arguments: cases)
    func faultBecomesError(fault: FakeNYTFault, expected: APIError) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let errors = try await Self.errors(for: fault)
        #expect(errors == [expected, expected])
        #expect(clock.now - start < .seconds(30), "a hanging server costs the 0.5 s timeout, not URLSession's 60 s")
    }

    @Test("A refused connection is offline")
    func refused() async throws {
        let client = try Self.client(try RefusingPort().baseURL)
        await #expect(throws: APIError.offline(reason: "connection refused")) {
            try await client.topStories(.home)
        }
    }

    @Test("A body over the cap is a format error")
    func bodyTooLarge() async throws {
        let server = try FakeNYTServer()
        let client = try Self.client(server.baseURL, transport: CurlTransport(maximumBodySize: 1_000))
        await #expect(throws: APIError.malformed(reason: "the body is larger than 1000 bytes")) {
            try await client.topStories(.world)
        }
    }

    @Test("A body that never ends is stopped at the cap, long before the timeout")
    func endlessBody() async throws {
        let server = try FakeNYTServer()
        server.setFault(.endlessBody)
        let client = try Self.client(server.baseURL, timeout: 60, transport: CurlTransport(maximumBodySize: 2 * 1_048_576))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: APIError.malformed(reason: "the body is larger than 2 MB")) {
            try await client.topStories(.world)
        }
        #expect(clock.now - start < .seconds(30))
    }

    @Test("Hostile bodies stop at their caps, holding little: a depth bomb, an endless item, an endless envelope")
    func hostileBodies() async throws {
        let server = try FakeNYTServer()
        let path = FakeNYTServer.topStoriesPath("world")
        let client = try Self.client(server.baseURL, timeout: 30)
        for (body, reason) in [
            (#"{"results":["# + String(repeating: "[", count: 100_000), "JSON nested deeper than 64 levels"),
            (#"{"results":[{"title":""# + String(repeating: "x", count: 17 << 20) + #""}]}"#, "an item is larger than 16 MB"),
            (#"{"copyright":""# + String(repeating: "x", count: 1 << 20) + #""}"#, "not valid JSON"),
        ] {
            server.setBody(Data(body.utf8), for: path)
            await #expect(throws: APIError.malformed(reason: reason)) { try await client.topStories(.world) }
        }
    }

    @Test("A slow answer within the timeout is read")
    func slowButInTime() async throws {
        let server = try FakeNYTServer()
        server.setFault(.slow(seconds: 0.2))
        let snapshot = try await Self.client(server.baseURL, timeout: 3).topStories(.world)
        #expect(snapshot.articles.count == 8)
    }

    @Test("A body that keeps arriving past the timeout (a slow link) is read whole; a server that stops sending is cut at the timeout")
    func slowLinkAndStall() async throws {
        let server = try FakeNYTServer(servesFixtures: false)
        let path = FakeNYTServer.topStoriesPath("world")
        let articles = (0..<400).map { ArticleFactory.article($0) }
        server.setBody(TopStoriesJSON.body(section: "world", articles: articles), for: path)
        server.setFault(.paced(chunk: 8 << 10, pause: 0.12), for: path)
        let clock = ContinuousClock()
        let start = clock.now
        let snapshot = try await Self.client(server.baseURL, timeout: 1).topStories(.world)
        #expect(snapshot.articles.count == 400)
        #expect(clock.now - start > .seconds(1.5), "the transfer outlasted the timeout")

        server.setFault(.hang, for: path)
        let stalled = clock.now
        await #expect(throws: APIError.timeout) { try await Self.client(server.baseURL, timeout: 1).topStories(.world) }
        #expect(clock.now - stalled < .seconds(4), "a stall ends at the timeout")
    }

    @Test("Requests carry the key, the User-Agent and the parameters; the default timeout is 15 s")
    func requestShape() async throws {
        let server = try FakeNYTServer()
        let client = try Self.client(server.baseURL)
        _ = try await client.topStories(.world)
        _ = try await client.articleSearch(SearchQuery(text: "tariffs & trade", beginDate: "20240101", endDate: "20240131"), page: 3)
        _ = try await client.mostPopular(.viewed, period: .day)
        let requests = server.requests
        #expect(
            requests.map(\.path) == ["/svc/topstories/v2/world.json", FakeNYTServer.articleSearchPath, "/svc/mostpopular/v2/viewed/1.json"])
        #expect(requests[0].query == ["api-key": Self.key])
        #expect(
            requests[1].query == [
                "q": "tariffs & trade", "sort": "newest", "begin_date": "20240101", "end_date": "20240131", "page": "3",
                "api-key": Self.key,
            ])
        #expect(requests.allSatisfy { $0.headers["user-agent"] == "nytreader/\(ProgramVersion.current)" })
        #expect(NYTClient.userAgent == "nytreader/0.1.0")

        let recorder = RecordingTransport()
        let defaultClient = try NYTClient(apiKey: Self.key, transport: recorder)
        _ = try? await defaultClient.topStories(.home)
        let recorded = try #require(recorder.requests.first)
        #expect(recorded.timeout == 15)
        #expect(recorded.url.absoluteString == "https://api.nytimes.com/svc/topstories/v2/home.json?api-key=\(Self.key)")
    }

    @Test("Base URLs: https anywhere, http only to loopback hosts, else a typed error")
    func baseURLValidation() throws {
        for good in [
            "https://api.nytimes.com", "https://proxy.example.com/nyt/", "http://127.0.0.1:8080", "http://localhost:9", "http://[::1]:8080",
        ] {
            #expect(throws: Never.self, "\(good)") { try NYTClient.validate(baseURL: URL(string: good)!) }
        }
        #expect(throws: APIError.invalidBaseURL("plain http is allowed only for loopback hosts, not example.com")) {
            try NYTClient.validate(baseURL: URL(string: "http://example.com")!)
        }
        #expect(throws: APIError.invalidBaseURL("the scheme must be https")) {
            try NYTClient.validate(baseURL: URL(string: "ftp://api.nytimes.com")!)
        }
        #expect(throws: APIError.invalidBaseURL("/svc is not an absolute URL")) {
            try NYTClient.validate(baseURL: URL(string: "/svc")!)
        }
        #expect(throws: APIError.invalidBaseURL("plain http is allowed only for loopback hosts, not 127.example.com")) {
            try NYTClient.validate(baseURL: URL(string: "http://127.example.com")!)
        }
        for port in [0, 65_536, 99_999] {
            let url = try #require(URL(string: "http://127.0.0.1:\(port)"), "Foundation reads the port \(port)")
            #expect(throws: APIError.invalidBaseURL("the port must be 1 to 65535, not \(port)")) { try NYTClient.validate(baseURL: url) }
        }
    }

    @Test("The key appears in no error message, description, dump or request description")
    func keyNeverInText() async throws {
        var texts: [String] = []
        for (fault, _) in Self.cases {
            for error in try await Self.errors(for: fault) {
                texts.append(error.description)
                texts.append(String(reflecting: error))
                texts.append(String(describing: error.refreshFailure))
                texts.append(error.localizedDescription)
            }
        }
        let refused = try Self.client(try RefusingPort().baseURL)
        do { _ = try await refused.topStories(.home) } catch { texts.append(error.description) }
        let client = try Self.client(URL(string: "http://127.0.0.1:1")!)
        var dumped = ""
        dump(client, to: &dumped)
        texts += [client.description, String(reflecting: client), dumped, "\(client)"]
        let request = HTTPRequest(url: URL(string: "https://api.nytimes.com/svc/topstories/v2/home.json?api-key=\(Self.key)")!, timeout: 15)
        var dumpedRequest = ""
        dump(request, to: &dumpedRequest)
        texts += [request.description, String(reflecting: request), dumpedRequest, "\(request)"]
        #expect(request.description == "GET https://api.nytimes.com/svc/topstories/v2/home.json?api-key=<redacted>")
        #expect(texts.count > 60)
        for text in texts {
            #expect(!text.contains(Self.key), "\(text)")
            #expect(!text.contains("Zq7"), "\(text)")
        }
    }

    @Test("Redaction replaces the key in URLs and text, encoded or not")
    func redaction() {
        let url = URL(string: "https://api.nytimes.com/svc/search/v2/articlesearch.json?q=a%20b&api-key=k%2By&page=0")!
        #expect(KeyRedaction.redacted(url) == "https://api.nytimes.com/svc/search/v2/articlesearch.json?q=a%20b&api-key=<redacted>&page=0")
        #expect(KeyRedaction.redacted("GET /x?api-key=k%2By and k+y", key: "k+y") == "GET /x?api-key=<redacted> and <redacted>")
        #expect(KeyRedaction.redacted("nothing here", key: "") == "nothing here")
    }
}

/// Records the requests it gets and fails each one as offline.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        lock.withLock { recorded.append(request) }
        throw .offline(reason: "recording only")
    }
}

@Suite("Retry-After")
struct RetryAfterTests {
    @Test(
        "Retry-After is read as seconds or as an HTTP date; anything else is unknown",
        arguments: [
            ("7", 7), (" 12 ", 12), ("Fri, 20 Nov 2026 18:00:30 GMT", 30), ("Fri, 20 Nov 2026 17:59:00 GMT", 1),
            ("9223372036854775807", 3_600),
        ])
    func parsed(value: String, seconds: Int) async throws {
        #expect(try await rateLimit(retryAfter: value) == .rateLimited(retryAfter: seconds))
    }

    @Test("A Retry-After that is neither seconds nor a date is ignored")
    func unreadable() async throws {
        #expect(try await rateLimit(retryAfter: "soon") == .rateLimited(retryAfter: nil))
        #expect(try await rateLimit(retryAfter: "-3") == .rateLimited(retryAfter: nil))
    }

    @Test("The server's Date comes with the snapshot, so that a clock far from it prunes nothing by age; an unreadable one is none")
    func serverDate() async throws {
        let server = try FakeNYTServer()
        let now = Date(timeIntervalSince1970: 1_795_197_600 + 31 * 86_400)
        let client = try NYTClient(apiKey: "k", baseURL: server.baseURL, transport: CurlTransport(), timeout: 5, now: { now })
        let body = try Fixtures.data("topstories_world.json")
        server.setResponse(
            .json(body, headers: ["Date": "Fri, 20 Nov 2026 18:00:00 GMT"]), for: FakeNYTServer.topStoriesPath("world"))
        let snapshot = try await client.topStories(.world)
        #expect(snapshot.serverDate == Date(timeIntervalSince1970: 1_795_197_600))
        #expect(snapshot.clockDisagrees, "this clock is 31 days ahead")
        server.setResponse(.json(body, headers: ["Date": "yesterday"]), for: FakeNYTServer.topStoriesPath("world"))
        let unreadable = try await client.topStories(.world)
        #expect(unreadable.serverDate == nil && !unreadable.clockDisagrees)
    }

    /// The error a 429 with `Retry-After: value` becomes, at 2026-11-20 18:00:00 UTC.
    func rateLimit(retryAfter value: String) async throws -> APIError? {
        let server = try FakeNYTServer()
        server.setResponse(.json("{}", status: 429, headers: ["Retry-After": value]), for: FakeNYTServer.topStoriesPath("world"))
        let client = try NYTClient(
            apiKey: "k", baseURL: server.baseURL, transport: CurlTransport(), timeout: 5,
            now: { Date(timeIntervalSince1970: 1_795_197_600) }
        )
        do {
            _ = try await client.topStories(.world)
            return nil
        } catch {
            return error
        }
    }
}
