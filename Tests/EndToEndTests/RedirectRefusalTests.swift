import Foundation
import TestSupport
import Testing

/// `nytreader refresh` against an API base that redirects elsewhere: the key never arrives at the other
/// server, nothing is stored, the failure is said in words and logged with the host, never the key.
@Suite("Redirects refused end to end", .serialized, .timeLimit(.minutes(2)))
struct RedirectRefusalTests {
    @Test("A 302 to another loopback port: exit 69, the message, the host in the log, the cache unchanged")
    func refusedRedirect() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let elsewhere = try FakeNYTServer()
        let stored = try await home.refresh(section: "world", from: server.baseURL)
        try #require(stored.status == 0, "\(stored.errorOutput)")
        let before = try await home.listJSON()

        let target = elsewhere.baseURL.absoluteString + FakeNYTServer.topStoriesPath("world")
        server.setFault(.redirect(to: target, status: 302))
        let refused = try await home.refresh(section: "world", from: server.baseURL)
        #expect(refused.status == 69, "\(refused.errorOutput)")
        #expect(refused.errorOutput.contains("NYT redirected to another host; refused"), "\(refused.errorOutput)")
        #expect(!refused.errorOutput.contains(CliHome.key))
        #expect(elsewhere.requests.isEmpty, "the other server never saw the key")
        #expect(try await home.listJSON().output == before.output, "the cache is as it was")

        let log = try String(contentsOf: home.url.appendingPathComponent("state/nytreader/nytreader.log"), encoding: .utf8)
        #expect(log.contains("redirect to http://127.0.0.1:\(elsewhere.baseURL.port!) refused"), "\(log)")
        #expect(!log.contains(CliHome.key))
    }
}
