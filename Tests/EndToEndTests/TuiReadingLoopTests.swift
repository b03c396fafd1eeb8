import Foundation
import NewsCore
import TestSupport
import Testing

/// The daily loop in the real reader against the fake NYT: counts in the picker, n marking read, the
/// unread-only view, the followed feeds refreshed by R, and a chosen feed fetched without r.
@Suite("The reading loop in the reader", .serialized, .timeLimit(.minutes(4)))
struct TuiReadingLoopTests {
    static let key = "e2e-loop-key"

    /// The first article number of each prefix's stories: every feed has articles of its own.
    static let bases = ["Loop": 400, "World": 500, "Tech": 600, "Science": 700]

    /// Five articles titled `<prefix> story 0…4` for `section`.
    static func serve(_ server: FakeNYTServer, section: String, prefix: String, count: Int = 5) {
        let base = bases[prefix] ?? 900
        let articles = (0..<count).map { ArticleFactory.article(base + $0, title: "\(prefix) story \($0)") }
        server.setBody(TopStoriesJSON.body(section: section, articles: articles), for: FakeNYTServer.topStoriesPath(section))
    }

    /// A reader with a key on `server`, its launch refresh of the Home Page done.
    /// A server of the home page and three sections, and the reader following the three, requests `spacing`
    /// seconds apart, its first refresh done and the server's requests cleared.
    static func followingThreeFeeds(spacing: String) throws -> (FakeNYTServer, TuiHarness) {
        let server = try FakeNYTServer()
        serve(server, section: "home", prefix: "Loop")
        for (section, prefix) in [("world", "World"), ("technology", "Tech"), ("science", "Science")] {
            serve(server, section: section, prefix: prefix)
        }
        let reader = try reader(server, config: #"feeds = ["world", "technology", "science"]"#, spacing: spacing)
        server.clearRequests()
        return (server, reader)
    }

    static func reader(_ server: FakeNYTServer, config: String? = nil, spacing: String = "0") throws -> TuiHarness {
        let reader = try TuiHarness(environment: ["NYT_API_KEY": key])
        if let config { try reader.writeConfig(config) }
        try reader.launch("--api-base-url '\(server.baseURL.absoluteString)' --request-spacing \(spacing)", waitingFor: "Refreshed: 5 new")
        return reader
    }

    /// Runs a headless command on the reader's HOME (its cache).
    static func run(_ reader: TuiHarness, _ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.run(ProgramBinary.url.path, arguments, environment: TuiHarness.freshEnvironment(reader.home), timeout: 30)
    }

    @Test("n opens and marks the next unread (list --json agrees); the header and the picker count it; u hides what is read")
    func readAndCount() throws {
        let server = try FakeNYTServer()
        Self.serve(server, section: "home", prefix: "Loop")
        let reader = try Self.reader(server)
        let opened = try reader.tmux.waitFor("five unread") { $0.contains("5 unread  1/5") }
        #expect(opened.contains("5 unread ·") || opened.contains("5 unread  1/5"))

        try reader.tmux.press("n")
        try reader.tmux.waitFor("the first opened and counted read") {
            $0.contains("4 unread  1/5") && $0.contains("Abstract of article 400")
        }
        try reader.tmux.press("n")
        try reader.tmux.waitFor("the second") { $0.contains("3 unread  2/5") }

        try reader.tmux.press("s")
        let picker = try reader.tmux.waitFor("the picker's counts") { screen in
            screen.contains("┌─ Feeds") && screen.split(separator: "\n").contains { $0.contains("Home Page") && $0.contains("3/5 │") }
        }
        #expect(picker.contains("My feeds"), "home is followed by default")
        try reader.tmux.press("Escape")

        try reader.tmux.press("h", "u")
        let unreadOnly = try reader.tmux.waitFor("the unread-only list") {
            $0.contains("Unread articles only — u shows all") && $0.contains("3 unread  1/4") && TuiHarness.showsLoadedRows($0)
        }
        #expect(unreadOnly.contains("Loop story 1"), "read while selected, it stays")
        #expect(!unreadOnly.contains("Loop story 0"), "read before: hidden")
        try reader.tmux.press("j")
        let moved = try reader.tmux.waitFor("the read one gone once left") {
            !$0.contains("Loop story 1") && $0.contains("1/3") && TuiHarness.showsLoadedRows($0)
        }
        #expect(moved.contains("Loop story 2") && moved.contains("Loop story 4"))
        #expect(moved.contains("Home Page · 5 articles · unread only · 3 unread"), "the status line says so")
        try reader.tmux.press("b")
        let saved = try reader.tmux.waitFor("the unread article saved") { $0.contains("Saved — S shows saved articles") }
        #expect(saved.split(separator: "\n").contains { $0.hasPrefix("•*") && $0.contains("Loop story 2") }, "both marks side by side")
        #expect(try reader.quit() == 0)

        let listed = try Self.run(reader, ["list", "--feed", "home", "--json"])
        try #require(listed.status == 0, "\(listed.errorOutput)")
        let articles = try ListedArticle.decode(listed.output)
        #expect(articles.map(\.read) == [true, true, false, false, false])
        let unread = try Self.run(reader, ["list", "--feed", "home", "--unread"])
        #expect(unread.output.split(separator: "\n").count == 3)
        let lines = unread.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("•* ") }.map { $0.contains("Loop story 2") } == [true], "unread and saved side by side")
        #expect(lines.filter { $0.hasPrefix("•  ") }.count == 2)
    }

    @Test("Choosing a section never fetched asks the NYT for it at once, once, and says Fetching… meanwhile")
    func chosenFeedFetched() throws {
        let server = try FakeNYTServer()
        Self.serve(server, section: "home", prefix: "Loop")
        Self.serve(server, section: "technology", prefix: "Tech")
        let reader = try Self.reader(server)
        server.clearRequests()
        server.setFault(.slow(seconds: 2), for: FakeNYTServer.topStoriesPath("technology"))
        try reader.tmux.press("s", "/")
        try reader.tmux.command(["send-keys", "-l", "techn"])
        try reader.tmux.waitFor("the filtered picker") { $0.contains("/techn▏") && $0.contains("Technology") && !$0.contains("Arts") }
        try reader.tmux.press("Enter")
        try reader.tmux.waitFor("Fetching…") { $0.contains("Fetching…") }
        try reader.tmux.waitFor(timeout: 15, "the section's articles") { $0.contains("Tech story 0") && $0.contains("5 unread") }
        #expect(server.requests.map(\.path) == [FakeNYTServer.topStoriesPath("technology")], "one request, without r")
        #expect(try reader.quit() == 0)
    }

    @Test("R refreshes the three followed feeds in turn, requests spaced by --request-spacing, the list usable; q stops it at once")
    func refreshFollowed() throws {
        let (server, reader) = try Self.followingThreeFeeds(spacing: "2")
        try reader.tmux.press("R")
        try reader.tmux.waitFor("the progress") { $0.contains("Refreshing 1 of 3 · World") }
        try reader.tmux.press("j")
        try reader.tmux.waitFor("a key answered meanwhile") { $0.contains("5 unread  2/5") }
        try reader.tmux.waitFor(timeout: 20, "the second feed") { $0.contains("Refreshing 2 of 3 · Technology") }
        try reader.tmux.waitFor(timeout: 20, "the end") { $0.contains("Refreshed 3 of 3 feeds: 15 new") }
        let requests = server.requests
        #expect(requests.map(\.path) == ["world", "technology", "science"].map(FakeNYTServer.topStoriesPath))
        for (earlier, later) in zip(requests, requests.dropFirst()) {
            let gap = later.receivedDate.timeIntervalSince(earlier.receivedDate)
            #expect(gap >= 1.8, "\(later.path) came \(gap) s after \(earlier.path)")
        }

        try reader.tmux.press("s")
        let picker = try reader.tmux.waitFor("the followed feeds first") { $0.contains("My feeds") && $0.contains("Science") }
        let lines = picker.split(separator: "\n")
        let myFeeds = try #require(lines.firstIndex { $0.contains("My feeds") })
        #expect(lines[myFeeds + 1].contains("World") && lines[myFeeds + 1].contains("5/5"))
        #expect(lines[myFeeds + 2].contains("Technology") && lines[myFeeds + 3].contains("Science"))
        try reader.tmux.press("Escape")

        server.clearRequests()
        server.setFault(.slow(seconds: 1), for: FakeNYTServer.topStoriesPath("world"))
        try reader.tmux.press("R")
        try reader.tmux.waitFor("the second run under way") { $0.contains("Refreshing 1 of 3") }
        let pressed = Date()
        #expect(try reader.quit() == 0)
        #expect(Date().timeIntervalSince(pressed) < 3, "q stops it at once")
        Thread.sleep(forTimeInterval: 4)
        #expect(server.requests.count <= 1, "no request after q: \(server.requests.map(\.path))")
    }

    @Test("Esc stops R while it waits its turn, and r mid-request: said at once, nothing more asked, the reader still open")
    func escapeStopsRefreshes() throws {
        let (server, reader) = try Self.followingThreeFeeds(spacing: "6")
        try reader.tmux.press("R")
        try reader.tmux.waitFor("the hint") { $0.contains("Refreshing 1 of 3 · World") && $0.contains("Esc stop") }
        try reader.tmux.waitFor(timeout: 20, "the second feed waiting its turn") { $0.contains("Refreshing 2 of 3 · Technology") }
        var pressed = Date()
        try reader.tmux.press("Escape")
        try reader.tmux.waitFor("the summary") { $0.contains("Stopped: refreshed 1 of 3 feeds: 5 new") }
        #expect(Date().timeIntervalSince(pressed) < 2, "stopped at once, not after the wait")
        Thread.sleep(forTimeInterval: 7)
        #expect(server.requests.map(\.path) == [FakeNYTServer.topStoriesPath("world")], "nothing asked after Esc")

        server.clearRequests()
        server.setFault(.slow(seconds: 5), for: FakeNYTServer.topStoriesPath("home"))
        try reader.tmux.press("r")
        try reader.tmux.waitFor(timeout: 10, "the request sent") { _ in server.requests.count == 1 }
        pressed = Date()
        try reader.tmux.press("Escape")
        let stopped = try reader.tmux.waitFor("the refresh stopped") { $0.contains("Refresh cancelled") }
        #expect(Date().timeIntervalSince(pressed) < 2, "stopped mid-request")
        #expect(!stopped.contains("Esc stop"))
        try reader.tmux.press("j")
        try reader.tmux.waitFor("the list in use") { $0.contains("2/5") }
        #expect(try reader.quit() == 0)
    }
}

@Suite("The rate limit shared by every nytreader", .serialized, .timeLimit(.minutes(3)))
struct SharedRateLimitTests {
    @Test("Two refreshes started back to back send their requests the spacing apart; the second says it waits")
    func backToBack() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let url = server.baseURL.absoluteString
        // A spacing well above what a start takes on a loaded machine, so the second always has to wait.
        async let first = home.run(["refresh", "--section", "world", "--api-base-url", url, "--request-spacing", "8"])
        try await Task.sleep(for: .milliseconds(300))
        async let second = home.run(["refresh", "--section", "home", "--api-base-url", url, "--request-spacing", "8"])
        let (one, two) = try await (first, second)
        #expect(one.status == 0 && two.status == 0, "\(one.errorOutput) \(two.errorOutput)")
        let requests = server.requests
        try #require(requests.count == 2)
        let gap = requests[1].receivedDate.timeIntervalSince(requests[0].receivedDate)
        #expect(gap >= 7.8, "the server saw them \(gap) s apart")
        let waited = [one, two].first { $0.errorOutput.contains("for the NYT's rate limit") }
        let message = try #require(waited?.errorOutput.firstMatch(of: /^nytreader: waiting (\d) s for the NYT's rate limit\n$/))
        #expect((1...8).contains(Int(message.1) ?? 0))
    }

    @Test("--no-wait exits 75 instead of waiting for another process's request, and sends nothing")
    func noWait() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let url = server.baseURL.absoluteString
        #expect(try await home.run(["refresh", "--section", "world", "--api-base-url", url, "--request-spacing", "30"]).status == 0)
        let impatient = try await home.run(["refresh", "--section", "home", "--api-base-url", url, "--request-spacing", "30", "--no-wait"])
        #expect(impatient.status == 75)
        #expect(impatient.errorOutput.hasPrefix("nytreader: home: Rate limited — try again in "), "\(impatient.errorOutput)")
        #expect(server.requests.count == 1)
    }

    @Test("refresh without a feed refreshes the followed feeds, one summary line each; --feed names any of them")
    func followedFeeds() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        try home.writeConfig(#"feeds = ["world", "home", "saved", "archive:2024-03"]"#)
        let url = server.baseURL.absoluteString
        let result = try await home.run(["refresh", "--api-base-url", url, "--request-spacing", "0"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("world: ") == true && lines.last?.hasPrefix("home: ") == true)
        #expect(server.requests.map(\.path) == [FakeNYTServer.topStoriesPath("world"), FakeNYTServer.topStoriesPath("home")])
        let named = try await home.run(["refresh", "--feed", "world", "--api-base-url", url, "--request-spacing", "0"])
        #expect(named.output.hasPrefix("world: "))
        let listed = try await home.run(["list", "--feed", "world", "--unread", "--limit", "3"])
        #expect(listed.output.split(separator: "\n").count == 3)
        let unknown = try await home.run(["list", "--feed", "weather"])
        #expect(unknown.status == 64)
    }
}
