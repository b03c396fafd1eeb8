import Foundation
import NewsCore
import ReaderViewModel
@_spi(Testing) import TerminalUI
import TestSupport
import Testing

/// What the screen shows of an NYT search: the prompt, the count of matches, the row about the next page,
/// the retry after a failure, the daily request warning, and the searches in the picker.
@Suite("NYT searches on screen")
struct SearchFeedScreenTests {
    static let now = Date(timeIntervalSince1970: 1_763_600_000)
    static let feed = Feed.search(SearchQuery(text: "climate", beginDate: "20240101", endDate: "20240131"))
    let renderer = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!)

    static func state(count: Int = 30, hits: Int? = 2_314) -> ReaderState {
        var state = ReaderState(feed: feed)
        let entries = (0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }
        state.feedStatus = FeedStatus(
            feed: feed, count: count, lastRefreshedDate: now.addingTimeInterval(-5), origin: .network, totalHits: hits, pageCount: 3
        )
        state.count = count
        state.window = ArticleWindow(start: 0, entries: entries)
        return state
    }

    func render(_ state: ReaderState, columns: Int = 120, rows: Int = 24) -> GridScreen {
        let screen = GridScreen(rows: rows, columns: columns)
        renderer.render(state, on: screen, now: Self.now)
        return screen
    }

    @Test("The status line says how many of the NYT's matches are cached: `30 of 2,314`")
    func matches() {
        let line = render(Self.state()).lines[23]
        #expect(line.contains("Search “climate” · 1 Jan – 31 Jan 2024 · 30 of 2,314"), "\(line)")
        let single = render(Self.state(count: 3, hits: nil)).lines[23]
        #expect(single.contains("Search “climate” · 1 Jan – 31 Jan 2024 · 3 articles"), "\(single)")
    }

    @Test("The prompt shows the text with the cursor where it is, and a problem after it")
    func prompt() {
        var state = Self.state()
        var editor = LineEditor("climate from:2024")
        editor.apply(.moveLeft)
        editor.apply(.moveLeft)
        state.prompt = SearchPrompt(editor: editor, problem: nil)
        var line = render(state).lines[23]
        #expect(line.contains("Search the NYT: climate from:20▏24"), "\(line)")
        #expect(line.contains("Enter search  Esc cancel"))
        state.prompt?.problem = "from: takes a day like 2024-01-31 (1851–2027), not “2024”"
        let screen = render(state)
        line = screen.lines[23]
        #expect(line.contains("not “2024”"), "\(line)")
        #expect(screen.style(row: 23, column: 0).role == .error)
    }

    @Test("The list's last row: Loading more…, More in 9 s, the failure; kept on screen under the last article")
    func morePagesRow() {
        var state = Self.state()
        state.selection = 29
        state.top = 30 - 22 + 1
        for (pages, words) in [
            (MorePages.loading, "Loading more…"),
            (.waiting(until: Self.now.addingTimeInterval(8.2)), "More in 9 s"),
            (.failed("NYT server error 503"), "Could not load more: NYT server error 503"),
        ] {
            state.morePages = pages
            let lines = render(state).lines
            #expect(lines.dropFirst(1).prefix(22).contains { $0.contains(words) }, "\(words): \(lines.joined(separator: "\n"))")
        }
    }

    @Test("Offline with auto-refresh: when it tries again; the daily count warns from 450")
    func retryAndRequests() {
        var state = Self.state()
        state.refresh = .failed(.offline)
        state.retryDate = Self.now.addingTimeInterval(119)
        #expect(render(state).lines[23].contains("Offline — retrying in 2 min"))
        state.retryDate = Self.now.addingTimeInterval(30)
        #expect(render(state).lines[23].contains("Offline — retrying in 30 s"))
        state.feedStatus?.requestsToday = 449
        #expect(!render(state, columns: 160).lines[23].contains("requests today"))
        state.feedStatus?.requestsToday = 452
        #expect(render(state, columns: 160).lines[23].contains("452 of 500 NYT requests today"))
    }

    @Test("The picker lists searches after the fixed feeds with their matches and age")
    func picker() {
        var state = Self.state()
        state.searchFeeds = [
            FeedStatus(feed: Self.feed, count: 30, lastRefreshedDate: Self.now.addingTimeInterval(-7_200), totalHits: 2_314, pageCount: 3)
        ]
        state.overlay = .sectionPicker(selection: ReaderState.pickableFeeds.count)
        let text = render(state, rows: 50).lines.joined(separator: "\n")
        #expect(text.contains("• Search “climate” · 1 Jan – 31 Jan 2024 · 2,314 · 2h"), "\(text)")
    }
}
