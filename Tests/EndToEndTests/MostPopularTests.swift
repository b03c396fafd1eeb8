import Foundation
import TestSupport
import Testing

/// Most Popular lists as feeds: refreshed, listed and read like the others.
@Suite("Most Popular feeds", .serialized, .timeLimit(.minutes(2)))
struct MostPopularTests {
    @Test("refresh --popular viewed --period 7 asks /svc/mostpopular/v2/viewed/7.json; list and the reader show its titles")
    func viewedWeek() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let path = FakeNYTServer.mostPopularPath("viewed", days: 7)
        server.setBody(try Fixtures.data("mostpopular_viewed_1.json"), for: path)

        let refreshed = try await home.run([
            "refresh", "--popular", "viewed", "--period", "7", "--api-base-url", server.baseURL.absoluteString,
        ])
        #expect(refreshed.status == 0, "\(refreshed.errorOutput)")
        #expect(refreshed.output.contains("popular viewed 7: 4 articles, 4 new"), "\(refreshed.output)")
        #expect(server.requests.map(\.path) == [path])

        let listed = try await home.run(["list", "--popular", "viewed", "--period", "7", "--json"])
        let articles = try ListedArticle.decode(listed.output)
        #expect(articles.first?.title == "Senate Passes Stopgap Budget Hours Before Shutdown Deadline")
        #expect(articles.count == 4)
        let other = try await home.run(["list", "--popular", "shared"])
        #expect(other.errorOutput.contains("Most shared · 7 days: nothing cached"), "\(other.errorOutput)")

        let reader = try TuiHarness(environment: ["NYT_API_KEY": "popular-e2e-key"])
        try reader.launch("--popular viewed --period 7 --db '\(home.database)' --offline", waitingFor: "Senate Passes Stopgap")
        let screen = try reader.tmux.waitFor("the list's title") { $0.contains("Most viewed · 7 days") }
        #expect(screen.contains("1/4"))
        try reader.tmux.press("s")
        try reader.tmux.waitFor("the picker lists Most Popular") {
            $0.contains("Most emailed · 30 days") || $0.contains("Most viewed · today")
        }
        #expect(try reader.quit() == 0)
    }
}
