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

    @Test("A prompt typed past the status line's width keeps its cursor in sight: its start gives way to …, as a shell's line scrolls")
    func promptScrolls() {
        let typed = "climate change policy from:2024-01-01 to:2024-01-31 sort:newest"
        for columns in [30, 45, 80, 120] {
            for cursor in [typed.count, typed.count - 10, 20] {
                var state = Self.state(.idle(blocker: nil))
                var editor = LineEditor(typed)
                for _ in 0..<(typed.count - cursor) { editor.apply(.moveLeft) }
                state.search = SearchFilter(text: typed, scope: state.feed)
                state.search?.editor = editor
                let line = statusLine(state, columns: columns)
                let before = typed.prefix(cursor)
                #expect(line.contains("▏"), "\(columns) columns, cursor at \(cursor): \(line)")
                #expect(DisplayWidth.of(line) <= columns)
                let shown = line.split(separator: "▏")[0]
                #expect(before.hasSuffix(shown.drop { $0 == " " || $0 == "/" || $0 == "…" }), "\(columns), \(cursor): \(line)")
                #expect(shown.count >= min(cursor, columns / 2), "the text before the cursor fills the room: \(line)")
            }
        }
        let wide = "東京の新幹線が六十周年を迎え記念の式典が開かれた東京の新幹線が六十周年"
        var state = Self.state(.idle(blocker: nil))
        state.search = SearchFilter(text: wide, scope: state.feed)
        let line = statusLine(state, columns: 40)
        #expect(line.contains("…") && line.contains("周年▏"), "\(line)")
        #expect(DisplayWidth.of(line) <= 40)
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

    @Test("An empty feed points to r, unless refreshing is impossible (no key, offline by request) or the NYT listed nothing")
    func emptyFeedHint() {
        var state = Self.state(.idle(blocker: nil))
        state.feedStatus = FeedStatus(feed: state.feed, count: 0)  // never fetched
        state.count = 0
        state.window = ArticleWindow()
        let screen = GridScreen(rows: 24, columns: 200)
        let keys = KeyHints([.refresh: "r"])
        state.keys = keys
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.text.contains("No articles in this feed yet — r refreshes"), "\(screen.text)")
        // Fetched, and the NYT listed nothing: r would bring the same.
        var fetched = state
        fetched.feedStatus = FeedStatus(feed: state.feed, count: 0, lastRefreshedDate: Self.now, origin: .network)
        renderer.render(fetched, on: screen, now: Self.now)
        #expect(screen.text.contains("The NYT lists no articles in this feed now"), "\(screen.text)")
        fetched.feedStatus?.lastError = "server(status: 500)"
        renderer.render(fetched, on: screen, now: Self.now)
        #expect(screen.text.contains("No articles in this feed yet — r refreshes"), "its last refresh failed: \(screen.text)")
        for blocker in [RefreshFailure.noAPIKey, .offlineByRequest] {
            state.refresh = .idle(blocker: blocker)
            renderer.render(state, on: screen, now: Self.now)
            #expect(screen.text.contains("No articles in this feed yet"), "\(screen.text)")
            #expect(!screen.text.contains("r refreshes"), "\(blocker): \(screen.text)")
        }
    }

    @Test("Counts of thousands are grouped alike in the header and the status line")
    func groupedCounts() {
        var state = Self.state(.succeeded(RefreshChanges(total: 3_000, inserted: 2_500, updated: 1_200, removed: 0)))
        state.feedStatus?.count = 3_000
        state.feedStatus?.unreadCount = 3_000
        state.count = 3_000
        state.selection = 1_233
        state.top = 1_230
        let screen = GridScreen(rows: 24, columns: 140)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[0].hasSuffix("3,000 unread  1,234/3,000"), "\(screen.lines[0])")
        #expect(screen.lines[23].contains("World · 3,000 articles"), "\(screen.lines[23])")
        #expect(screen.lines[23].contains("Refreshed: 2,500 new, 1,200 updated"), "\(screen.lines[23])")
    }

    @Test("r while the request waits for the rate limit says how long, as R does; the wait told by the service reaches the state")
    func refreshWaiting() {
        var viewModel = ReaderViewModel(feed: .topStories(.world), now: { Self.now })
        _ = viewModel.handle(.refresh)
        let until = Self.now.addingTimeInterval(8.2)
        _ = viewModel.apply(.refreshWaiting(.topStories(.world), until: until))
        #expect(viewModel.state.refresh == .running(startedDate: Self.now, waitUntil: until))
        _ = viewModel.apply(.refreshWaiting(.topStories(.home), until: until.addingTimeInterval(5)))
        #expect(viewModel.state.refresh == .running(startedDate: Self.now, waitUntil: until), "another feed's wait is not this one's")
        #expect(
            statusLine(Self.state(.running(startedDate: Self.now, waitUntil: until)), columns: 100).contains("Refreshing… (waiting 9 s)"))
        #expect(!statusLine(Self.state(.running(startedDate: Self.now, waitUntil: Self.now)), columns: 100).contains("waiting"))
    }

    @Test("A rate limit is counted down to its end in the status line, which then says r refreshes")
    func rateLimitCountdown() {
        var state = Self.state(.failed(.rateLimited(retryAfter: 20)))
        state.keys = KeyHints([.refresh: "r"])
        state.rateLimitEnds = Self.now.addingTimeInterval(20)
        let line = { (seconds: TimeInterval) -> String in
            let screen = GridScreen(rows: 24, columns: 100)
            self.renderer.render(state, on: screen, now: Self.now.addingTimeInterval(seconds))
            return screen.lines[23]
        }
        #expect(line(0).contains("Rate limited — try again in 20 s"), "\(line(0))")
        #expect(line(6.5).contains("Rate limited — try again in 14 s"), "\(line(6.5))")
        #expect(line(21).contains("Rate limit over — r refreshes"), "\(line(21))")
    }

    @Test("The feed gives way before a kept search (the list shows its hits); the key hints give way only to an activity that would be cut")
    func searchAndHints() {
        let state = Self.state(.running(startedDate: Self.now), search: "geneva")
        let wide = statusLine(state, columns: 140)
        #expect(wide.contains("Search “geneva” in all cached · 3 matches · World · 22 articles · cached just now · "), "\(wide)")
        #expect(wide.hasSuffix("? help  q quit"))
        let middle = statusLine(state, columns: 80)
        #expect(middle.contains("Search “geneva” in all cached · 3 matches · ") && !middle.contains("World · 22"), "\(middle)")
        let narrow = statusLine(state, columns: 45)
        #expect(narrow.contains("Refreshing…"), "\(narrow)")
        let refreshed = statusLine(Self.state(.succeeded(RefreshChanges(total: 22, inserted: 2, updated: 1, removed: 0))), columns: 50)
        #expect(refreshed.hasSuffix("? help  q quit") && refreshed.contains("Refreshed: 2 new, 1 updated"), "\(refreshed)")
        let failed = statusLine(Self.state(.failed(.unauthorized(status: 401))), columns: 72)
        #expect(!failed.contains("help") && failed.contains(RefreshFailure.unauthorized(status: 401).message), "\(failed)")
    }

    @Test("A search that reached the cap of hits says so: 500+ matches, and 499 matches below it")
    func cappedHits() {
        var state = Self.state(.idle(blocker: nil))
        state.search = SearchFilter(text: "the", isEditing: false, shownText: "the", hitCount: ReaderViewModel.searchLimit)
        #expect(statusLine(state, columns: 140).contains("Search “the” in all cached · \(ReaderViewModel.searchLimit)+ matches · "))
        state.search?.hitCount = ReaderViewModel.searchLimit - 1
        #expect(statusLine(state, columns: 140).contains("Search “the” in all cached · \(ReaderViewModel.searchLimit - 1) matches · "))
    }

    @Test(
        "Without a key the reason gives way last: the age, then the feed go first, the hints stay while they leave it whole",
        arguments: [40, 60, 80, 100, 120])
    func withoutKey(columns: Int) {
        let reason = RefreshFailure.noAPIKey.message
        let line = statusLine(Self.state(.idle(blocker: .noAPIKey)), columns: columns)
        #expect(line.contains(reason) || columns < DisplayWidth.of(reason) + 2, "\(columns): \(line)")
        #expect(line.hasPrefix(" World · 22 articles · cached just now · ") == (columns >= 100), "\(columns): \(line)")
        #expect(line.contains("World · 22 articles") == (columns >= 100), "\(columns): \(line)")
        #expect(line.hasSuffix("? help  q quit") == (columns >= 60), "\(columns): \(line)")
        if columns == 40 {
            #expect(line == " No API key set — set NYT_API_KEY to re…", "cut at its end only when it cannot fit alone")
        }
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

    @Test("The hints and the empty lists name the keys in force after [keys] rebinds them")
    func reboundHints() {
        let keys = KeyMap(overrides: [.quit: "ctrl-q, Q", .help: "F", .toggleSaved: "B", .refresh: "R", .focusList: "left"])
        let rebound = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!, keyMap: keys)
        let screen = GridScreen(rows: 24, columns: 100)
        var state = Self.state(.idle(blocker: nil))
        rebound.render(state, on: screen, now: Self.now)
        #expect(screen.lines[23].hasSuffix("F help  Q quit"), "\(screen.lines[23])")
        state.focus = .detail
        rebound.render(state, on: screen, now: Self.now)
        #expect(screen.lines[23].hasSuffix("↑↓ scroll  ← back"), "\(screen.lines[23])")
        var empty = ReaderState(feed: .saved)
        empty.listZoomed = true
        empty.feedStatus = FeedStatus(feed: .saved, count: 0)
        rebound.render(empty, on: screen, now: Self.now)
        #expect(screen.lines[1].hasPrefix(" No saved articles yet — B saves the selected one"), "\(screen.lines[1])")
        empty = ReaderState(feed: .topStories(.world))
        empty.listZoomed = true
        empty.feedStatus = FeedStatus(feed: empty.feed, count: 0)
        rebound.render(empty, on: screen, now: Self.now)
        #expect(screen.lines[1].hasPrefix(" No articles in this feed yet — R refreshes"), "\(screen.lines[1])")
        var bindings = KeyMap.defaultBindings
        bindings[.character("?")] = nil
        FrameRenderer(keyMap: KeyMap(bindings: bindings)).render(Self.state(.idle(blocker: nil)), on: screen, now: Self.now)
        #expect(screen.lines[23].hasSuffix(" q quit") && !screen.lines[23].contains("help"), "no key, no hint: \(screen.lines[23])")
    }

    @Test("A question waiting for y or n takes the line, in the error style, without hints")
    func confirmation() {
        var state = Self.state(.idle(blocker: nil))
        state.confirmation = Confirmation(
            question: "Forget June 2023 (30,000 articles; importing it again is one request)? y/n", step: .forget(.saved))
        let screen = GridScreen(rows: 24, columns: 100)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[23] == " Forget June 2023 (30,000 articles; importing it again is one request)? y/n")
        #expect(screen.style(row: 23, column: 0).role == .error)
    }
}
