import Foundation
import TestSupport
import Testing

/// The Times Newswire as the feed Latest.
@Suite("The Latest feed", .serialized, .timeLimit(.minutes(2)))
struct NewswireTests {
    @Test("refresh --latest asks the Newswire; list --latest and the reader show its articles, newest first")
    func latest() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let refreshed = try await home.run(["refresh", "--latest", "--api-base-url", server.baseURL.absoluteString])
        #expect(refreshed.status == 0, "\(refreshed.errorOutput)")
        #expect(refreshed.output.contains("latest: 3 articles, 3 new"), "\(refreshed.output)")
        let request = try #require(server.requests.first)
        #expect(request.path == FakeNYTServer.newswirePath)
        #expect(request.query["limit"] == "100")

        let listed = try ListedArticle.decode(try await home.run(["list", "--latest", "--json"]).output)
        #expect(listed.map(\.title).first == "Senate Clears Stopgap Bill, Sending It to the President\u{2019}s Desk")
        #expect(listed.count == 3)

        let reader = try TuiHarness()
        try reader.launch("--latest --db '\(home.database)'", waitingFor: "Senate Clears Stopgap Bill")
        let screen = try reader.tmux.waitFor("the feed's title") { $0.contains("The New York Times · Latest") }
        #expect(screen.contains("1/3"))
        #expect(try reader.quit() == 0)
    }
}
