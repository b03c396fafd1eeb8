import Foundation
import NewsCore
import ReaderViewModel
@_spi(Testing) import TerminalUI
import Testing

@Suite("Layout and status words")
struct LayoutTests {
    @Test("Wide from 80 columns: list 40 % on the left, detail on the right")
    func wide() throws {
        let panes = try #require(Layout(size: ScreenSize(rows: 24, columns: 80)).panes)
        guard case .wide = Layout(size: ScreenSize(rows: 24, columns: 80)) else {
            Issue.record("80 columns is wide")
            return
        }
        #expect(panes.header == Rect(row: 0, column: 0, height: 1, width: 80))
        #expect(panes.list == Rect(row: 1, column: 0, height: 22, width: 32))
        #expect(panes.separator == Rect(row: 1, column: 32, height: 22, width: 1))
        #expect(panes.detail == Rect(row: 1, column: 34, height: 22, width: 45))
        #expect(panes.status == Rect(row: 23, column: 0, height: 1, width: 80))
    }

    @Test("Narrow below 80 columns: list on top, detail below")
    func narrow() throws {
        let layout = Layout(size: ScreenSize(rows: 24, columns: 79))
        guard case .narrow = layout else {
            Issue.record("79 columns is narrow")
            return
        }
        let panes = try #require(layout.panes)
        #expect(panes.list == Rect(row: 1, column: 0, height: 8, width: 79))
        #expect(panes.separator == Rect(row: 9, column: 0, height: 1, width: 79))
        #expect(panes.detail == Rect(row: 10, column: 1, height: 13, width: 77))
        #expect(Layout(size: ScreenSize(rows: 6, columns: 20)).panes?.list.height == 1)
    }

    @Test("Below 20×6 there are no panes", arguments: [(5, 20), (6, 19), (0, 0), (1, 200), (100, 1)])
    func tooSmall(rows: Int, columns: Int) {
        #expect(Layout(size: ScreenSize(rows: rows, columns: columns)) == .tooSmall)
    }

    @Test(
        "Every refresh outcome is put in words on the status line",
        arguments: [
            (RefreshFailure.offline, "Offline — the NYT could not be reached"),
            (.unauthorized(status: 401), "NYT rejected the API key (401) — check it (nytreader config)"),
            (.rateLimited(retryAfter: 12), "Rate limited — try again in 12 s"),
            (.server(status: 503), "NYT server error 503"),
            (.server(status: 302), "NYT answered with HTTP status 302"),
            (.server(status: 418), "NYT answered with HTTP status 418"),
            (.malformed, "NYT sent a response that could not be read"),
            (.timeout, "NYT did not answer in time"),
            (.notFound, "NYT does not know this feed (404)"),
            (.cache(.diskFull), "The disk is full: the cache could not be written"),
            (.apiStatus("ERROR"), "NYT answered with status ERROR"),
            // The status is the server's own text: escape sequences and controls never reach the screen.
            (.apiStatus("ERR\u{1B}]2;PWNED\u{07}OR\u{1B}[2J\u{9B}31m\u{202E}!\n"), "NYT answered with status ERROR!"),
        ])
    func outcomes(failure: RefreshFailure, words: String) {
        var state = ReaderState(feed: .topStories(.world))
        state.count = 42
        state.feedStatus = FeedStatus(
            feed: state.feed, count: 42, lastRefreshedDate: Date(timeIntervalSince1970: 1_763_600_000), origin: .network)
        state.refresh = .failed(failure)
        let screen = GridScreen(rows: 10, columns: 160)
        FrameRenderer().render(state, on: screen, now: Date(timeIntervalSince1970: 1_763_600_000 + 600))
        #expect(screen.lines[9].hasPrefix(" World · 42 articles · cached 10 min ago · \(words)   "))
        #expect(screen.lines[9].hasSuffix("   ? help  q quit"))
        #expect(screen.style(row: 9, column: 0).role == .error)
    }

    @Test("A feed whose last refresh failed says so when it is opened, until a refresh succeeds")
    func lastRefreshFailed() {
        var state = ReaderState(feed: .topStories(.world))
        state.count = 1
        state.feedStatus = FeedStatus(
            feed: state.feed, count: 1, lastRefreshedDate: Date(timeIntervalSince1970: 1_763_600_000), origin: .network,
            lastError: "server(status: 500)")
        state.keys = KeyHints([.refresh: "r"])
        let screen = GridScreen(rows: 10, columns: 160)
        FrameRenderer().render(state, on: screen, now: Date(timeIntervalSince1970: 1_763_600_060))
        #expect(
            screen.lines[9].hasPrefix(" World · 1 article · cached 1 min ago · last refresh failed — r tries again"), "\(screen.lines[9])")
        state.feedStatus?.lastError = nil
        FrameRenderer().render(state, on: screen, now: Date(timeIntervalSince1970: 1_763_600_060))
        #expect(!screen.lines[9].contains("failed"))
    }

    @Test("A change not saved says why, the sentence going on after the dash")
    func changeNotSaved() {
        var state = ReaderState(feed: .topStories(.world))
        state.changeError = StoreError(.busy, cause: "database is locked")
        let screen = GridScreen(rows: 10, columns: 160)
        FrameRenderer().render(state, on: screen, now: Date(timeIntervalSince1970: 1_763_600_000))
        #expect(screen.lines[9].hasPrefix(" Not saved — the cache is busy: another nytreader is writing it"), "\(screen.lines[9])")
    }

    static let ages: [(TimeInterval, String)] = [
        (30, "now"), (300, "5m"), (10_800, "3h"), (172_800, "2d"), (1_814_400, "3w"), (69_120_000, "2y"),
        (99 * 365 * 86_400, "99y"), (100 * 365 * 86_400, "C20"), (5_242_000_000, "C19"),
    ]

    @Test("Relative times", arguments: ages)
    func relative(seconds: TimeInterval, text: String) {
        let now = Date(timeIntervalSince1970: 1_763_600_000)
        #expect(RelativeTime.short(from: now.addingTimeInterval(-seconds), to: now) == text)
    }
}
