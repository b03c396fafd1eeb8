import Foundation
import NewsCore
import TestSupport
import Testing

/// Searching the NYT from inside the reader, paging on, finding the search again, and refreshing on its own.
@Suite("The NYT from inside the reader", .serialized, .timeLimit(.minutes(3)))
struct TuiNYTSearchTests {
    /// A fake Article Search: ten `Climate story N` a page, 2,314 matches in all.
    static func searchServer() throws -> FakeNYTServer {
        let server = try FakeNYTServer()
        server.setResponder(for: FakeNYTServer.articleSearchPath) { request in
            let page = Int(request.query["page"] ?? "0") ?? 0
            let articles = (page * 10..<page * 10 + 10).map { ArticleFactory.article($0, title: "Climate story \($0)") }
            return .json(ArticleSearchJSON.body(articles: articles, hits: 2_314, offset: page * 10))
        }
        return server
    }

    @Test("f, `climate from:2024-01-01`, Enter: the NYT is asked, the titles show; End asks page 1; offline, s finds the search again")
    func searchPageAndFindAgain() throws {
        let server = try Self.searchServer()
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "search-e2e-key"])
        try reader.launch("--api-base-url \(server.baseURL.absoluteString) --request-spacing 0", waitingFor: "Home Page")
        try reader.tmux.press("f")
        try reader.tmux.waitFor("the prompt") { $0.contains("Search the NYT:") }
        _ = try reader.tmux.command(["send-keys", "-l", "climate from:2024-01-01"])
        try reader.tmux.press("Enter")
        var screen = try reader.tmux.waitFor(timeout: 15, "the first page") { $0.contains("Climate story 0") && $0.contains("10 of 2,314") }
        #expect(screen.contains("Search “climate” · from 1 Jan 2024"))
        let first = try #require(server.requests.first { $0.path == FakeNYTServer.articleSearchPath })
        #expect(first.query["q"] == "climate")
        #expect(first.query["begin_date"] == "20240101")
        #expect(first.query["page"] == "0")

        try reader.tmux.press("End")
        screen = try reader.tmux.waitFor(timeout: 15, "the second page") { $0.contains("20 of 2,314") }
        let pages = server.requests.filter { $0.path == FakeNYTServer.articleSearchPath }.compactMap { $0.query["page"] }
        #expect(pages == ["0", "1"])
        try reader.tmux.press("j")
        // Still within a screen of the last row: the next page is asked for before the end is reached.
        try reader.tmux.waitFor("the first article of page 1, page 2 below it") {
            $0.contains("11/30") && $0.contains("Climate story 10") && $0.contains("30 of 2,314")
        }
        #expect(server.requests.filter { $0.path == FakeNYTServer.articleSearchPath }.compactMap { $0.query["page"] } == ["0", "1", "2"])
        #expect(try reader.quit() == 0)

        try reader.launch("--offline", waitingFor: "Home Page")
        try reader.tmux.press("s")
        try reader.tmux.waitFor("the picker") { $0.contains("Sections") }
        try reader.tmux.press("End")
        try reader.tmux.waitFor("the search last in the picker") { $0.contains("Search “climate” · from 1 Jan 2024 · 2,314") }
        try reader.tmux.press("Enter")
        // The status line gives way to the reason the reader is offline; the header counts the 30 cached.
        screen = try reader.tmux.waitFor("its cached articles") {
            $0.contains("Climate story 0") && $0.contains("Search “climate” · from 1 Jan 2024") && $0.contains("1/30")
        }
        #expect(try reader.quit() == 0)
        #expect(server.requests.filter { $0.path == FakeNYTServer.articleSearchPath }.count == 3, "offline asks nothing")
    }

    @Test("A bad operator is one line in the prompt and asks nothing; Esc leaves the feed as it was")
    func badOperator() throws {
        let server = try Self.searchServer()
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "search-e2e-key"])
        try reader.launch("--api-base-url \(server.baseURL.absoluteString)", waitingFor: "Home Page")
        try reader.tmux.press("f")
        _ = try reader.tmux.command(["send-keys", "-l", "climate sort:best"])
        try reader.tmux.press("Enter")
        try reader.tmux.waitFor("the message") { $0.contains("sort: takes newest, oldest or relevance") }
        try reader.tmux.press("Escape")
        try reader.tmux.waitFor("the prompt closed") { !$0.contains("Search the NYT:") && $0.contains("Home Page") }
        #expect(!server.requests.contains { $0.path == FakeNYTServer.articleSearchPath })
        #expect(try reader.quit() == 0)
    }

    @Test("With auto_refresh_minutes small, the server sees another request without a key press, 12 s after (5 a minute at most)")
    func autoRefresh() throws {
        let server = try FakeNYTServer()
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "auto-e2e-key"])
        try reader.writeConfig("auto_refresh_minutes = 0.05\n")
        try reader.launch("--section world --api-base-url \(server.baseURL.absoluteString)", waitingFor: "World")
        let path = FakeNYTServer.topStoriesPath("world")
        let started = Date()
        let deadline = started.addingTimeInterval(30)
        while server.requests.filter({ $0.path == path }).count < 2, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        // The launch refresh (the bundled snapshot is stale), then one on its own: 0.05 minutes is raised
        // to the 12 s the NYT's rate limit allows.
        let elapsed = Date().timeIntervalSince(started)
        #expect(server.requests.filter { $0.path == path }.count == 2)
        #expect(elapsed > 10, "not sooner than 12 s after the launch: \(elapsed) s")
        #expect(try reader.quit() == 0)
    }
}
