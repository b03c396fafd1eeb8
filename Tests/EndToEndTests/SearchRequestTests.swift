import Foundation
import TestSupport
import Testing

/// What `nytreader refresh --query` sends, as the server reads it.
@Suite("Search requests end to end", .serialized, .timeLimit(.minutes(2)))
struct SearchRequestTests {
    @Test("--query 'c++ tips' --from --to reaches the server as c++ tips and two API dates")
    func plusSigns() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let result = try await home.run([
            "refresh", "--query", "c++ tips", "--from", "2024-02-29", "--to", "2024-03-01",
            "--api-base-url", server.baseURL.absoluteString,
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        let request = try #require(server.requests.first)
        #expect(request.query["q"] == "c++ tips")
        #expect(request.query["begin_date"] == "20240229")
        #expect(request.query["end_date"] == "20240301")
        #expect(request.query["api-key"] == CliHome.key)
    }

    @Test("search with a quote joined to a letter in one grapheme answers, exit 0 or 1, never an FTS error")
    func quoteInGrapheme() async throws {
        let home = try CliHome()
        for text in ["\u{0D4E}\"", "ൎ\"Ukraine", "\"\"\"", "NEAR(a"] {
            let result = try await home.run(["search", text])
            #expect(result.status == 0 || result.status == 1, "\(text.debugDescription): \(result.status) \(result.errorOutput)")
            #expect(!result.errorOutput.contains("unterminated"), "\(result.errorOutput)")
            #expect(!result.errorOutput.contains("syntax"), "\(result.errorOutput)")
        }
    }
}
