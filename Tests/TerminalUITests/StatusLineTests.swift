import Foundation
import NewsCore
import ReaderViewModel
@_spi(Testing) import TerminalUI
import TestSupport
import Testing

/// The status line at every width: what is happening (refreshing, refreshed, a failure) is never cut for
/// the cache's age, the feed or the key hints, and a reader offline by request says so.
@Suite("The status line")
struct StatusLineTests {
    static let now = Date(timeIntervalSince1970: 1_763_600_000)
    let renderer = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!)

    static func state(_ refresh: RefreshActivity, search: String? = nil) -> ReaderState {
        var state = ReaderState(feed: .topStories(.world))
        let entries = (0..<22).map { ArticleEntry(article: ArticleFactory.article($0)) }
        state.feedStatus = FeedStatus(
            feed: state.feed, count: entries.count, lastRefreshedDate: now.addingTimeInterval(-5), origin: .network)
        state.count = entries.count
        state.window = ArticleWindow(start: 0, entries: entries)
        state.refresh = refresh
        if let search {
            state.search = SearchFilter(text: search, isEditing: false, shownText: search, hitCount: 3)
        }
        return state
    }

    /// The status line of `state` drawn `columns` wide.
    func statusLine(_ state: ReaderState, columns: Int) -> String {
        let screen = GridScreen(rows: 24, columns: columns)
        renderer.render(state, on: screen, now: Self.now)
        return screen.lines[23]
    }

    @Test("Refreshing… and Refreshed are whole at every width from 30 to 140; the cache's age goes first")
    func activityWins() {
        let outcomes: [(RefreshActivity, String)] = [
            (.running(startedDate: Self.now), "Refreshing…"),
            (.succeeded(RefreshChanges(total: 22, inserted: 2, updated: 1, removed: 0)), "Refreshed: 2 new, 1 updated"),
            (.failed(.timeout), RefreshFailure.timeout.message),
        ]
        for (activity, words) in outcomes {
            for columns in 30...140 {
                let line = statusLine(Self.state(activity), columns: columns)
                #expect(line.contains(words), "\(columns) columns: \(line)")
                #expect(!line.contains("…") || words.hasSuffix("…"), "nothing cut at \(columns) columns: \(line)")
                if columns >= 100 {
                    #expect(line.contains("World · 22 articles · cached just now · "), "room for all at \(columns): \(line)")
                }
            }
        }
        #expect(
            statusLine(Self.state(.running(startedDate: Self.now)), columns: 40).contains("World · 22 articles · "),
            "the feed stays while it fits")
        #expect(!statusLine(Self.state(.running(startedDate: Self.now)), columns: 50).contains("cached just now"), "the age goes first")
    }

    @Test("A kept search gives way before the feed; the key hints give way only to an activity that would be cut")
    func searchAndHints() {
        let state = Self.state(.running(startedDate: Self.now), search: "geneva")
        let wide = statusLine(state, columns: 140)
        #expect(wide.contains("Search “geneva” · 3 matches · World · 22 articles · cached just now · "))
        #expect(wide.hasSuffix("? help  q quit"))
        let narrow = statusLine(state, columns: 45)
        #expect(narrow.contains("World · 22 articles · "), "\(narrow)")
        #expect(narrow.contains("Refreshing…"), "\(narrow)")
        let refreshed = statusLine(Self.state(.succeeded(RefreshChanges(total: 22, inserted: 2, updated: 1, removed: 0))), columns: 50)
        #expect(refreshed.hasSuffix("? help  q quit") && refreshed.contains("Refreshed: 2 new, 1 updated"), "\(refreshed)")
        let failed = statusLine(Self.state(.failed(.unauthorized(status: 401))), columns: 72)
        #expect(!failed.contains("help") && failed.contains(RefreshFailure.unauthorized(status: 401).message), "\(failed)")
    }

    @Test("Without an activity the line is cut at its end, as the hints keep their place")
    func withoutActivity() {
        let line = statusLine(Self.state(.idle(blocker: .noAPIKey)), columns: 80)
        #expect(line.hasPrefix(" World · 22 articles · cached just now · No API key set"), "\(line)")
        #expect(line.contains("…") && line.hasSuffix("? help  q quit"), "\(line)")
    }

    @Test("With a key and --offline the status says offline by request")
    func offlineByRequest() {
        for columns in [120, 140] {
            let line = statusLine(Self.state(.idle(blocker: .offlineByRequest)), columns: columns)
            #expect(line.contains("Offline (--offline) — showing the cache, not refreshing"), "\(columns): \(line)")
            #expect(!line.contains("API key"))
        }
        let afterR = statusLine(Self.state(.failed(.offlineByRequest)), columns: 80)
        #expect(afterR.contains("Offline (--offline) — showing the cache, not refreshing"), "r: \(afterR)")
        #expect(!afterR.contains("API key"))
    }

    @Test("Server text in the status line is made safe")
    func hostileStatus() {
        let line = statusLine(Self.state(.failed(.apiStatus("\u{1B}]2;PWNED\u{07}ERROR\u{202E}"))), columns: 100)
        #expect(line.contains("NYT answered with status ERROR"))
        #expect(!line.unicodeScalars.contains(where: NaughtyStrings.isUnsafe))
        var state = Self.state(.idle(blocker: nil))
        state.notice = Notice("Not an NYT address, not opened: \u{1B}[2Jhttps://example.com/\u{9B}31m")
        let notice = statusLine(state, columns: 100)
        #expect(notice.contains("Not an NYT address, not opened: https://example.com/"))
    }

    @Test("Each kind of cache failure has its own words on the status line", arguments: StoreError.Code.allCases)
    func cacheFailureKinds(_ code: StoreError.Code) {
        var state = Self.state(.idle(blocker: nil))
        state.cacheError = StoreError(code, path: "/home/reader/.local/share/nytreader/cache.sqlite", cause: "SQLite's words")
        let line = statusLine(state, columns: 140)
        #expect(line.contains(code.message), "\(line)")
        let others = StoreError.Code.allCases.filter { $0 != code }
        #expect(others.allSatisfy { !line.contains($0.message) })
        #expect(!line.contains("SQLite's words"))
    }

    @Test("The words for the kinds of cache failure are all different")
    func cacheFailureWordsDiffer() {
        let messages = StoreError.Code.allCases.map(\.message)
        #expect(Set(messages).count == messages.count)
    }
}
