import Foundation
import NewsCore
import TestSupport
import Testing

/// The reader against the loopback fake NYT server: refreshing with `r`, failures, hostile titles.
@Suite("The terminal UI against the fake NYT server", .serialized, .timeLimit(.minutes(3)))
struct TuiServerTests {
    /// The reader with an API key and the fake server as its NYT; the launch refresh (the bundled
    /// snapshot is always stale) has finished when this returns.
    static func readerWithServer(_ server: FakeNYTServer, waitingFor text: String = "Refreshed: 19 new") throws -> TuiHarness {
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "e2e-test-key"])
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)' --request-spacing 0", waitingFor: text)
        return reader
    }

    /// The lead of the second article of the fixture the server serves for `home`.
    static let secondLead = "The first trucks in nearly a month crossed into the north"

    @Test("r shows the new feed while keys still respond; the selection stays on the same article")
    func refreshWhileMoving() throws {
        let server = try FakeNYTServer()
        let reader = try Self.readerWithServer(server)
        try reader.tmux.press("j")
        try reader.tmux.waitFor("the second article") { $0.contains(Self.secondLead) }

        var fixture = try JSONSerialization.jsonObject(with: Fixtures.data("topstories_home.json")) as! [String: Any]
        var results = fixture["results"] as! [[String: Any]]
        var fresh = results[0]
        fresh["uri"] = "nyt://article/e2e-brand-new"
        fresh["title"] = "A Brand New Story Arrives"
        fresh["url"] = "https://www.nytimes.com/2026/11/21/us/brand-new.html"
        results.insert(fresh, at: 0)
        fixture["results"] = results
        server.setBody(try JSONSerialization.data(withJSONObject: fixture), for: FakeNYTServer.topStoriesPath("home"))
        server.setFault(.slow(seconds: 8), for: FakeNYTServer.topStoriesPath("home"))

        try reader.tmux.press("r")
        try reader.tmux.waitFor("the spinner") { $0.contains("Refreshing…") }
        try reader.tmux.press("j")
        let moved = try reader.tmux.waitFor(timeout: 5, "a key answered during the refresh") {
            $0.contains("Plus, the government shutdown nears its end")
        }
        #expect(moved.contains("Refreshing…"), "the refresh is still under way")
        // The whole new frame: a capture can catch one half drawn (its upper rows new, the rest not yet).
        let after = try reader.tmux.waitFor(timeout: 20, "the new feed, the selection on the current article") {
            $0.contains("A Brand New Story Arrives") && $0.contains("Refreshed: 1 new") && $0.contains("4/20")
                && $0.contains("Plus, the government shutdown nears its end")
        }
        // The article selected when the answer came, not the one selected when r was pressed.
        #expect(!after.contains(Self.secondLead), "not the article selected when r was pressed")
        #expect(after.contains("4/20"), "which moved down one row")
        #expect(try reader.quit() == 0)
        let log = reader.log()
        #expect(log.contains("refresh home: 19 articles, 19 new"), "the launch refresh is logged:\n\(log)")
        #expect(log.contains("refresh home: 20 articles, 1 new"), "the r refresh is logged:\n\(log)")
        #expect(!log.contains("e2e-test-key"))
    }

    @Test("A 500 during r is reported in words and the list stays")
    func serverError() throws {
        let server = try FakeNYTServer()
        let reader = try Self.readerWithServer(server)
        server.setFault(.serverError(status: 500))
        try reader.tmux.press("r")
        let screen = try reader.tmux.waitFor(timeout: 15, "the failure") { $0.contains("NYT server error 500") }
        #expect(screen.contains("Russia and Ukraine Agree to Cease-Fire Framework"))
        #expect(screen.contains("19 articles"))
        try reader.tmux.press("j")
        try reader.tmux.waitFor("keys after the failure") { $0.contains(Self.secondLead) }
        #expect(try reader.quit() == 0)
        let log = reader.log()
        #expect(log.contains("refresh home failed: NYT server error 500"), "the failed refresh is logged:\n\(log)")
        #expect(log.contains("the cache keeps 19 articles"))
    }

    @Test("A title carrying ESC ] 2 ; … BEL does not change the terminal title")
    func hostileTitle() throws {
        let server = try FakeNYTServer()
        var evil = ArticleFactory.article(0, title: "Evil\u{1B}]2;PWNED-TITLE\u{07} headline \u{1B}[31mred\u{1B}[0m")
        // Every other drawn field carries its own attack: OSC ended by ST, C1 OSC and CSI, bidi override, tabs.
        evil.byline = "By\u{1B}]0;PWNED-BYLINE\u{1B}\\ Eve\tWriter"
        evil.kicker = "Kick\u{9D}2;PWNED-KICKER\u{07}er"
        evil.section = "Wo\u{9B}2Jrld\u{202E}"
        evil.url = "https://www.nytimes.com/evil\u{1B}]8;;http://PWNED-LINK\u{1B}\\.html"
        evil.abstract = "Lead\u{1B}[2J\u{1B}[H of the\nevil article"
        server.setBody(
            TopStoriesJSON.body(section: "home", articles: [evil, ArticleFactory.article(1)]), for: FakeNYTServer.topStoriesPath("home"))
        let reader = try Self.readerWithServer(server, waitingFor: "Evil headline red")
        let screen = try reader.tmux.screen()
        #expect(!screen.contains("PWNED"))
        for shown in ["By Eve Writer", "KICKER", "World", "Lead of the evil article"] {
            #expect(screen.contains(shown), "\(shown)")
        }
        // An address with a control in it is not repaired but left out.
        #expect(!screen.contains("evil.html"))
        #expect(!screen.contains("^["))
        #expect(!(try reader.paneTitle()).contains("PWNED"))
        #expect(TuiTerminalTests.colorCodes(in: try reader.styledScreen()) > 0)
        #expect(!(try reader.styledScreen()).contains("\u{1B}]"))
        #expect(try reader.quit() == 0)
        #expect(!(try reader.paneTitle()).contains("PWNED"))
    }

    @Test("Titles with emoji sequences keep every row's │ separator in its column, the title cut right before it")
    func emojiTitlesKeepTheSeparator() throws {
        let server = try FakeNYTServer()
        let sequences = ["❤️", "☀️", "1️⃣", "🇫🇷", "👍🏽", "👩‍💻"]
        let articles = sequences.enumerated().map { index, sequence in
            ArticleFactory.article(index, title: "\(sequence) " + String(repeating: "x", count: 60))
        }
        server.setBody(TopStoriesJSON.body(section: "home", articles: articles), for: FakeNYTServer.topStoriesPath("home"))
        let reader = try Self.readerWithServer(server, waitingFor: "👍🏽")
        let lines = try reader.tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 120 columns: the list takes 48, the separator is in column 48 (from 0).
        try reader.tmux.command(["copy-mode"])
        for (index, sequence) in sequences.enumerated() {
            let drawn = String(String.UnicodeScalarView(sequence.unicodeScalars.filter { $0 != "\u{200D}" }))
            let row = index + 1
            #expect(lines[row].contains("\(drawn) xxx"), "row \(row): \(lines[row])")
            #expect(lines[row].contains("x…│"), "row \(row) is cut right before the separator: \(lines[row])")
            try reader.tmux.command(["send-keys", "-X", "top-line"])
            for _ in 0..<row { try reader.tmux.command(["send-keys", "-X", "cursor-down"]) }
            try reader.tmux.command(["send-keys", "-X", "start-of-line"])
            try reader.tmux.command(["send-keys", "-X", "jump-forward", "│"])
            let column = try reader.tmux.command(["display-message", "-p", "#{copy_cursor_x}"]).trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(column == "48", "row \(row) (\(sequence)): │ in tmux column \(column)")
        }
        try reader.tmux.command(["send-keys", "-X", "cancel"])
        #expect(try reader.quit() == 0)
    }

    @Test("An API status carrying escape sequences is shown as plain words and changes no terminal title")
    func hostileStatus() throws {
        let server = try FakeNYTServer()
        let reader = try Self.readerWithServer(server)
        server.setBody(
            Data(#"{"status":"ERR\u001b]2;PWNED\u0007OR\u001b[2J","results":[]}"#.utf8), for: FakeNYTServer.topStoriesPath("home"))
        try reader.tmux.press("r")
        let screen = try reader.tmux.waitFor(timeout: 15, "the failure") { $0.contains("NYT answered with status ERROR") }
        #expect(!screen.contains("PWNED"))
        #expect(screen.contains("Russia and Ukraine Agree to Cease-Fire Framework"), "the list stays")
        #expect(!(try reader.paneTitle()).contains("PWNED"))
        #expect(try reader.quit() == 0)
    }
}
