import Foundation
import NewsCore
import TestSupport
import Testing

/// The status line of the reader in a 60-column terminal: a refresh in progress and its outcome are shown
/// whole; the cache's age and then the feed give way to them.
@Suite("The status line in a narrow terminal", .serialized, .timeLimit(.minutes(3)))
struct TuiStatusLineTests {
    /// The last line of `screen` holding text: the status line.
    static func statusLine(_ screen: String) -> String {
        screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
    }

    @Test("60 columns: Refreshing… and Refreshed are whole, before and after the cache is just now")
    func activityAtSixtyColumns() throws {
        let server = try FakeNYTServer()
        let articles = (0..<12).map { ArticleFactory.article($0, title: "Narrow story \($0)") }
        server.setBody(TopStoriesJSON.body(section: "home", articles: articles), for: FakeNYTServer.topStoriesPath("home"))
        server.setFault(.slow(seconds: 2), for: FakeNYTServer.topStoriesPath("home"))
        let reader = try TuiHarness(columns: 60, rows: 24, environment: ["NYT_API_KEY": "narrow-status-key"])
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)'")
        try reader.tmux.waitFor("the launch refresh under way") { Self.statusLine($0).contains("Refreshing…") }
        try reader.tmux.waitFor(timeout: 20, "its outcome") { Self.statusLine($0).contains("Refreshed: 12 new, 0 updated") }

        // Refreshed a moment ago: the cache is "just now", and r shows the activity instead of that, with the
        // wait for the spacing between requests whole (the feed gives way to it).
        try reader.tmux.press("r")
        let running = try reader.tmux.waitFor("r under way") { Self.statusLine($0).contains("Refreshing… (waiting ") }
        #expect(Self.statusLine(running).contains(/Refreshing… \(waiting 1?\d s\)/), "\(Self.statusLine(running))")
        #expect(!Self.statusLine(running).contains("just now"), "\(Self.statusLine(running))")
        try reader.tmux.waitFor(timeout: 20, "the second outcome") { Self.statusLine($0).contains("Refreshed: 0 new, 0 updated") }
        #expect(try reader.quit() == 0)
    }
}
