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
        #expect(searches.last?["from"] as? String == "2024-01-01", "ISO 8601, as every date in the JSON output")
        #expect(searches.first?["sort"] as? String == "oldest")
        #expect(searches.last?["hits"] as? Int == 2_417)

        let one = try await home.run(["list", "--query", "geneva talks", "--sort", "oldest", "--json"])
        #expect(try ListedArticle.decode(one.output).count == 10)
        let other = try await home.run(["list", "--query", "geneva talks"])
        #expect(
            other.errorOutput == """
                nytreader: Search “geneva talks”: nothing cached for exactly these words, dates and order. To fetch it: nytreader refresh --query 'geneva talks' --db \(home.database)
                Cached with others:
                  nytreader list --query 'geneva talks' --sort oldest --db \(home.database)

                """, "the newest-first search was never made; the cached one is named, in the cache --db named")
        let completed = try await home.run(["---completion", "list", "--", "--query", "3", "0", "nytreader", "list", "--query", ""])
        #expect(completed.output.split(separator: "\n") == ["geneva talks", "ukraine"], "completion offers the searches kept")
        let fresh = try await home.run(["list", "--query", "ukraine"])
        #expect(
            fresh.errorOutput.contains("nytreader list --query ukraine --from 2024-01-01 --db \(home.database)\n"), "\(fresh.errorOutput)")
    }

    @Test("A search by dates alone (the reader's f from:… to:…) is named on the command line with --query '' and its dates")
    func datesAlone() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let made = try await home.run(
            ["refresh", "--query", "", "--from", "2024-01-01", "--to", "2024-01-31", "--api-base-url", server.baseURL.absoluteString])
        #expect(made.status == 0, "\(made.errorOutput)")
        let request = try #require(server.requests.last)
        #expect(request.query["q"] == nil && request.query["begin_date"] == "20240101" && request.query["end_date"] == "20240131")
        let listed = try await home.run(["list", "--query", " ", "--from", "2024-01-01", "--to", "2024-01-31", "--json"])
        #expect(listed.status == 0, "\(listed.errorOutput)")
        #expect(try ListedArticle.decode(listed.output).count == 10)
        let other = try await home.run(["list", "--query", "", "--from", "2024-01-01"])
        #expect(
            other.errorOutput.contains("  nytreader list --query '' --from 2024-01-01 --to 2024-01-31 --db \(home.database)\n"),
            "the hint names it as it can be run: \(other.errorOutput)")
        let bare = try await home.run(["list", "--query", ""])
        #expect(bare.status == 64)
        #expect(bare.errorOutput.hasPrefix("Error: --query needs some words, or --from or --to for a search by dates alone."))
    }
}
