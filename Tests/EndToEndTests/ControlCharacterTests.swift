import Foundation
import TestSupport
import Testing

/// Control characters escaped in the JSON (`\u0000`) do not reach the cache: the words after a NUL in a
/// title are found by search, and the title is whole.
@Suite("Control characters in NYT text", .serialized, .timeLimit(.minutes(2)))
struct ControlCharacterTests {
    @Test("A title with \\u0000 is stored whole: search finds the words after it")
    func nulInTitle() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let item =
            #"{"uri":"nyt://article/nul-title","url":"https://www.nytimes.com/2026/11/20/world/nul.html","#
            + #""title":"Quake\u0000Tokyo Shaken\u0001 by\u001fAftershocks","abstract":"Lead\u0000paragraph words after\u0007it.","#
            + #""byline":"By Kiyoko\u0000Tanaka","section":"world","published_date":"2026-11-20T05:00:04-05:00"}"#
        let body = #"{"status":"OK","section":"world","last_updated":"2026-11-20T13:02:11-05:00","num_results":1,"results":[\#(item)]}"#
        server.setBody(Data(body.utf8), for: FakeNYTServer.topStoriesPath("world"))
        let refreshed = try await home.refresh(section: "world", from: server.baseURL)
        try #require(refreshed.status == 0, "\(refreshed.errorOutput)")

        let listed = try ListedArticle.decode(try await home.run(["list", "--section", "world", "--json", "--offline"]).output)
        #expect(listed.map(\.title) == ["Quake Tokyo Shaken by Aftershocks"])
        #expect(listed.first?.lead == "Lead paragraph words after it.")
        #expect(listed.first?.byline == "By Kiyoko Tanaka")

        for word in ["tokyo", "aftershocks", "shaken", "paragraph", "tanaka"] {
            let found = try ListedArticle.decode(try await home.run(["search", word, "--json", "--offline"]).output)
            #expect(found.map(\.uri) == ["nyt://article/nul-title"], "search \(word)")
        }
    }
}
