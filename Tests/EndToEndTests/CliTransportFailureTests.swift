import Foundation
import TestSupport
import Testing

/// `refresh` against failures below HTTP that are not "offline": each has its own sentence on stderr and
/// its own exit status (README's tables), and the cache stays as it was.
@Suite("Headless refresh: failures below HTTP", .serialized, .timeLimit(.minutes(3)))
struct CliTransportFailureTests {
    /// A home whose world section holds the fake server's 8 articles, and the server.
    static func filledHome() async throws -> (CliHome, FakeNYTServer, String) {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let first = try await home.refresh(from: server.baseURL)
        try #require(first.status == 0, "stderr: \(first.errorOutput)")
        let listed = try await home.listJSON()
        try #require(listed.status == 0)
        return (home, server, listed.output)
    }

    static func expectFailure(
        _ result: Subprocess.Result, status: Int32, message: String, home: CliHome, before: String
    ) async throws {
        #expect(result.status == status, "stderr: \(result.errorOutput)")
        #expect(result.errorOutput == "nytreader: world: \(message). The cache keeps 8 articles.\n")
        #expect(!result.errorOutput.contains(CliHome.key))
        #expect(try await home.listJSON().output == before, "the cache is as it was")
    }

    @Test("A 500 whose body never ends is a server error long before the request's timeout (60 s here), not at it")
    func endlessErrorBody() async throws {
        let (home, server, before) = try await Self.filledHome()
        // A timeout far above the bound below: the end-to-end tests run side by side on two cores, where
        // this fake server (in the tests' process) once took 6.8 s to answer what alone takes 0.1 s.
        try home.writeConfig("request_timeout_seconds = 60\n")
        server.setFault(.endlessErrorBody(status: 500))
        async let refreshed = home.refresh(from: server.baseURL)
        // Timed from the request's arrival, so that the program's start on a busy machine does not count.
        #expect(await server.waitForRequests(2, timeout: 30))
        let clock = ContinuousClock()
        let asked = clock.now
        let result = try await refreshed
        let elapsed = clock.now - asked
        try await Self.expectFailure(result, status: 69, message: "NYT server error 500", home: home, before: before)
        // Well under the timeout: alone it takes about 0.1 s; the program's exit alone once took 3.6 s after
        // the request beside the other tests.
        #expect(elapsed < .seconds(30), "\(elapsed) from the request to the answer (the timeout is 60 s)")
    }

    @Test("A body cut short of its Content-Length: its own message, exit 76")
    func truncatedBody() async throws {
        let (home, server, before) = try await Self.filledHome()
        server.setFault(.shortBody)
        let result = try await home.refresh(from: server.baseURL)
        try await Self.expectFailure(result, status: 76, message: "NYT's answer was cut short", home: home, before: before)
    }

    @Test("Redirects within the origin in a loop: its own message, exit 76, six requests")
    func redirectLoop() async throws {
        let (home, server, before) = try await Self.filledHome()
        server.clearRequests()
        server.setFault(.redirect(to: FakeNYTServer.topStoriesPath("world"), status: 307))
        let result = try await home.refresh(from: server.baseURL)
        try await Self.expectFailure(result, status: 76, message: "NYT redirected in a loop; gave up", home: home, before: before)
        #expect(server.requests.count == 6, "the first request and five redirects")
    }

    @Test("A self-signed certificate: the interception message, exit 78")
    func untrustedCertificate() async throws {
        let (home, _, before) = try await Self.filledHome()
        let tls = try await UntrustedTLSServer.start()
        let result = try await home.refresh(from: tls.baseURL)
        try await Self.expectFailure(
            result, status: 78, message: "NYT's certificate could not be verified — the connection may be intercepted", home: home,
            before: before
        )
        let log = try String(contentsOf: home.url.appendingPathComponent("state/nytreader/nytreader.log"), encoding: .utf8)
        #expect(log.contains("certificate not verified"), "\(log)")
    }

    @Test(
        "README's exit-status table explains the statuses of these failures",
        arguments: [
            ("72", "libcurl"), ("76", "cut short"), ("76", "redirects in a loop"), ("78", "certificate could not be verified"),
        ])
    func exitStatusTable(status: String, words: String) throws {
        let rows = try Readme.section("Commands without the screen").split(separator: "\n").filter { $0.hasPrefix("| \(status) |") }
        #expect(rows.count == 1)
        #expect(rows.first?.contains(words) == true, "\(rows)")
    }

    @Test("A long rate limit reads in minutes")
    func longRateLimit() async throws {
        let (home, server, before) = try await Self.filledHome()
        server.setFault(.rateLimited(retryAfter: 120))
        let result = try await home.refresh(from: server.baseURL)
        try await Self.expectFailure(result, status: 75, message: "Rate limited — try again in 2 min", home: home, before: before)
    }
}
