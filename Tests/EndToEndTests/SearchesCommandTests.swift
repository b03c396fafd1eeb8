import Foundation
import TestSupport
import Testing

/// `nytreader searches`: the searches kept in the cache, as lines and as JSON.
@Suite("The searches command", .serialized, .timeLimit(.minutes(2)))
struct SearchesCommandTests {
    @Test("Searches made with refresh --query are listed newest first with their matches; --json carries them; list --query prints one")
    func listed() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let url = server.baseURL.absoluteString
        let first = try await home.run(["refresh", "--query", "ukraine", "--from", "2024-01-01", "--api-base-url", url])
        #expect(first.status == 0, "\(first.errorOutput)")
        let second = try await home.run(["refresh", "--query", "geneva talks", "--sort", "oldest", "--api-base-url", url])
        #expect(second.status == 0, "\(second.errorOutput)")
        #expect(server.requests.last?.query["sort"] == "oldest")

        let lines = try await home.run(["searches"])
        #expect(lines.status == 0)
        let rows = lines.output.split(separator: "\n").map(String.init)
        #expect(rows.count == 2, "\(lines.output)")
        #expect(rows.last?.hasPrefix("Search “ukraine” · from 1 Jan 2024 · 10 of 2,417 · cached ") == true, "\(lines.output)")
        #expect(rows.first?.hasPrefix("Search “geneva talks” · oldest first · 10 of 2,417") == true, "\(lines.output)")

        let json = try await home.run(["searches", "--json"])
        let searches = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(searches.map { $0["query"] as? String } == ["geneva talks", "ukraine"])
        #expect(searches.last?["from"] as? String == "20240101")
        #expect(searches.first?["sort"] as? String == "oldest")
        #expect(searches.last?["hits"] as? Int == 2_417)

        let one = try await home.run(["list", "--query", "geneva talks", "--sort", "oldest", "--json", "--offline"])
        #expect(try ListedArticle.decode(one.output).count == 10)
        let other = try await home.run(["list", "--query", "geneva talks", "--offline"])
        #expect(other.errorOutput.contains("nothing cached"), "the newest-first search was never made: \(other.errorOutput)")
    }
}
