import Foundation
import TestSupport
import Testing

/// Every way the NYT or the network can fail a `refresh`: its exit status, its one- or two-sentence message
/// on stderr, within 45 s, and a cache that `list --json` shows byte for byte as before.
@Suite("Headless refresh faults against the fake NYT server", .timeLimit(.minutes(3)))
struct CliFaultTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let fault: FakeNYTFault?
        let status: Int32
        let message: String
        var testDescription: String { fault.map { "\($0)" } ?? "server down" }
    }

    static let cases: [Case] = [
        Case(fault: .unauthorized, status: 77, message: "NYT rejected the API key (401) — check it (nytreader config)"),
        Case(fault: .forbidden, status: 77, message: "NYT rejected the API key (403) — check it (nytreader config)"),
        Case(fault: .rateLimited(retryAfter: 7), status: 75, message: "Rate limited — try again in 7 s"),
        Case(fault: .serverError(status: 500), status: 69, message: "NYT server error 500"),
        Case(fault: .serverError(status: 503), status: 69, message: "NYT server error 503"),
        Case(fault: .notFound, status: 69, message: "NYT does not know this feed (404)"),
        Case(fault: .hang, status: 69, message: "NYT did not answer in time"),
        Case(fault: .truncatedJSON, status: 69, message: "NYT sent a response that could not be read"),
        Case(fault: .htmlBody, status: 69, message: "NYT sent a response that could not be read"),
        Case(fault: .statusError, status: 69, message: "NYT answered with status ERROR"),
        Case(fault: .wrongTypes, status: 69, message: "NYT sent a response that could not be read"),
        Case(fault: .garbage, status: 69, message: "NYT sent a response that could not be read"),
        Case(fault: .falseEncoding, status: 69, message: "NYT sent a response that could not be read"),
        Case(fault: nil, status: 69, message: "Offline — the NYT could not be reached"),
    ]

    @Test("Each fault gives its exit status and message and leaves the cache as it was", arguments: cases)
    func fault(_ testCase: Case) async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let first = try await home.refresh(from: server.baseURL)
        #expect(first.status == 0, "stderr: \(first.errorOutput)")
        let before = try await home.listJSON()
        #expect(before.status == 0)
        #expect(try ListedArticle.decode(before.output).count == 8)

        var baseURL = server.baseURL
        if let fault = testCase.fault {
            server.setFault(fault)
        } else {
            baseURL = try RefusingPort().baseURL
        }
        if testCase.fault == .hang {
            try home.writeConfig("request_timeout_seconds = 1\n")
        }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await home.refresh(from: baseURL)
        let elapsed = clock.now - start

        #expect(result.status == testCase.status, "stderr: \(result.errorOutput)")
        #expect(result.errorOutput == "nytreader: world: \(testCase.message). The cache keeps 8 articles.\n")
        #expect(result.output.isEmpty)
        #expect(elapsed < .seconds(45))
        if testCase.fault == .hang {
            #expect(elapsed < .seconds(10), "the 1 s timeout ends the wait")
        }
        #expect(!result.errorOutput.contains(CliHome.key))
        #expect(server.requests.count == (testCase.fault == nil ? 1 : 2))

        let after = try await home.listJSON()
        #expect(after.status == 0)
        #expect(after.output == before.output, "list --json is unchanged byte for byte")
    }
}

@Suite("Rate limits across runs of the program", .timeLimit(.minutes(3)))
struct CliRateLimitTests {
    @Test("A refresh right after a 429 does not call the server and says how long to wait")
    func secondRunStaysAway() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        #expect(try await home.refresh(from: server.baseURL).status == 0)
        let before = try await home.listJSON()

        server.setFault(.rateLimited(retryAfter: 30))
        let limited = try await home.refresh(from: server.baseURL)
        #expect(limited.status == 75)
        #expect(limited.errorOutput == "nytreader: world: Rate limited — try again in 30 s. The cache keeps 8 articles.\n")
        #expect(server.requests.count == 2)

        server.clearFaults()
        let again = try await home.refresh(from: server.baseURL)
        #expect(again.status == 75)
        let message = try #require(
            again.errorOutput.firstMatch(of: /^nytreader: world: Rate limited — try again in (\d+) s\. The cache keeps 8 articles\.\n$/))
        #expect((1...30).contains(Int(message.1) ?? 0), "\(again.errorOutput)")
        #expect(server.requests.count == 2, "the second run did not call the server")

        let home2 = try await home.refresh(section: "home", from: server.baseURL)
        #expect(home2.status == 75, "the limit is per API: every Top Stories section waits")
        let search = try await home.run(["refresh", "--query", "ukraine", "--api-base-url", server.baseURL.absoluteString])
        #expect(search.status == 0, "Article Search has its own limit: \(search.errorOutput)")
        #expect(
            server.requests.map(\.path) == [
                "/svc/topstories/v2/world.json", "/svc/topstories/v2/world.json", FakeNYTServer.articleSearchPath,
            ])
        #expect(try await home.listJSON().output == before.output)
    }
}
