import ArticleStore
import Foundation
import TestSupport
import Testing

/// Hostile `Retry-After` values against the real program: bounded waits, no crash, now or on later runs.
@Suite("Retry-After end to end", .serialized, .timeLimit(.minutes(2)))
struct RetryAfterEndToEndTests {
    @Test("Retry-After 2^63−1: rate limited for an hour, the next refresh does not ask, list and the reader still start")
    func hugeRetryAfter() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        server.setFault(.rateLimited(retryAfter: Int.max))
        let limited = try await home.refresh(section: "world", from: server.baseURL)
        #expect(limited.status == 75, "\(limited.errorOutput)")
        #expect(limited.errorOutput.contains("try again in 1 h"), "\(limited.errorOutput)")
        let again = try await home.refresh(section: "world", from: server.baseURL)
        #expect(again.status == 75, "\(again.errorOutput)")
        #expect(server.requests.count == 1, "the second refresh stayed away")
        let listed = try await home.run(["list", "--section", "world"])
        #expect(listed.status == 0, "\(listed.errorOutput)")
        let offline = try await home.run(["list", "--section", "home", "--offline"])
        #expect(offline.status == 0, "\(offline.errorOutput)")
    }

    @Test("A block planted 10^15 s ahead in the cache is repaired: the refresh goes out and succeeds")
    func plantedBlock() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let first = try await home.refresh(section: "world", from: server.baseURL)
        try #require(first.status == 0, "\(first.errorOutput)")
        do {
            let store = try ArticleStore(path: home.database)
            try store.setBlockedUntil(Date().addingTimeInterval(1e15), api: "topstories")
        }
        let repaired = try await home.refresh(section: "world", from: server.baseURL)
        #expect(repaired.status == 0, "\(repaired.errorOutput)")
        #expect(server.requests.count == 2)
    }
}
