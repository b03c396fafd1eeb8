import Foundation
import NewsCore
import ReaderViewModel
@_spi(Testing) import TerminalUI
import TestSupport
import Testing

/// Whole frames from the in-memory screen compared with golden text (trailing spaces dropped).
@Suite("Golden frames")
struct FrameGoldenTests {
    static let now = Date(timeIntervalSince1970: 1_763_600_000 + 3 * 3600)
    let renderer = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!)

    static func state(_ articles: [Article], selection: Int = 0, screen: GridScreen) -> ReaderState {
        var state = ReaderState(feed: .topStories(.world))
        state.feedStatus = FeedStatus(
            feed: state.feed, count: articles.count, lastRefreshedDate: Date(timeIntervalSince1970: 1_763_600_000), origin: .network)
        state.count = articles.count
        state.selection = selection
        state.listHeight = FrameRenderer().listHeight(for: screen.size)
        state.window = ArticleWindow(start: 0, entries: articles.map { ArticleEntry(article: $0) })
        return state
    }

    static let articles: [Article] = [
        ArticleFactory.article(0, title: "Leaders Meet in Geneva"),
        ArticleFactory.article(1, title: "A Very Long Headline About Everything That Happened This Week Around the World"),
        ArticleFactory.article(2, title: "東京の新幹線が六十周年を迎える記念の式典"),
        ArticleFactory.article(3, title: "Emoji 🎉 and a family 👨‍👩‍👧 in a title"),
    ]

    func render(_ state: ReaderState, _ screen: GridScreen) -> String {
        renderer.render(state, on: screen, now: Self.now)
        return screen.text
    }

    @Test("Wide frame")
    func wide() {
        let screen = GridScreen(rows: 10, columns: 90)
        var state = Self.state(Self.articles, selection: 1, screen: screen)
        state.window.entries[0].readDate = Self.now
        state.window.entries[3].savedDate = Self.now
        #expect(
            render(state, screen) == """
                 The New York Times · World                                                           2/4
                   3h World    Leaders Meet in Gene…│ A Very Long Headline About Everything That Happened
                •  3h World    A Very Long Headline…│ This Week Around the World
                •  3h World    東京の新幹線が六十周…│
                *  3h World    Emoji 🎉 and a famil…│ By Test Writer
                                                    │ Thu 20 Nov 2025, 00:52 · World
                                                    │ https://www.nytimes.com/2026/11/20/test/article-1.h
                                                    │ tml
                                                    │
                 World · 4 articles · cached 3 h ago                                       ? help  q quit
                """)
    }

    @Test("Narrow frame")
    func narrow() {
        let screen = GridScreen(rows: 16, columns: 50)
        let state = Self.state(Self.articles, selection: 2, screen: screen)
        #expect(
            render(state, screen) == """
                 The New York Times · World                   3/4
                •  3h World    Leaders Meet in Geneva
                •  3h World    A Very Long Headline About Everyth…
                •  3h World    東京の新幹線が六十周年を迎える記念…
                •  3h World    Emoji 🎉 and a family 👨👩👧 in a …

                ──────────────────────────────────────────────────
                 東京の新幹線が六十周年を迎える記念の式典

                 By Test Writer
                 Thu 20 Nov 2025, 00:51 · World
                 https://www.nytimes.com/2026/11/20/test/article-
                 2.html

                 Lead paragraph of article 2.
                 World · 4 articles · cached 3 h … ? help  q quit
                """)
    }

    @Test("Too small: one line, at every size below 20×6")
    func tooSmall() {
        for (rows, columns, line) in [(5, 80, "Terminal too small"), (40, 19, "Terminal too small"), (4, 12, "Terminal to…"), (1, 1, "…")] {
            let screen = GridScreen(rows: rows, columns: columns)
            let text = render(Self.state(Self.articles, screen: screen), screen)
            #expect(text == line + String(repeating: "\n", count: rows - 1), "\(rows)×\(columns)")
        }
        let smallest = GridScreen(rows: 6, columns: 20)
        #expect(
            render(Self.state(Self.articles, screen: smallest), smallest) == """
                 The New York … 1/4
                •  3h Leaders Meet …
                ────────────────────
                 Leaders Meet in
                 Geneva
                 World · 4 articles…
                """)
    }

    @Test("Empty feed")
    func empty() {
        let screen = GridScreen(rows: 6, columns: 80)
        var state = Self.state([], screen: screen)
        state.feedStatus = FeedStatus(feed: state.feed, count: 0)
        #expect(
            render(state, screen) == """
                 The New York Times · World
                 No articles in this feed yet —…│
                                                │
                                                │
                                                │
                 World · 0 articles · nothing cached                             ? help  q quit
                """)
    }

    @Test("Error status: the refresh failure in words, in the error style")
    func errorStatus() {
        let screen = GridScreen(rows: 6, columns: 100)
        var state = Self.state(Self.articles, screen: screen)
        state.refresh = .failed(.server(status: 503))
        #expect(
            render(state, screen) == """
                 The New York Times · World                                                                     1/4
                •  3h World    Leaders Meet in Geneva   │ Leaders Meet in Geneva
                •  3h World    A Very Long Headline Abo…│
                •  3h World    東京の新幹線が六十周年を…│ By Test Writer
                •  3h World    Emoji 🎉 and a family …  │ Thu 20 Nov 2025, 00:53 · World
                 World · 4 articles · cached 3 h ago · NYT server error 503                          ? help  q quit
                """)
        #expect(screen.style(row: 5, column: 0).role == .error)
        state.refresh = .failed(.rateLimited(retryAfter: 12))
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[5].contains("Rate limited — try again in 12 s"))
        state.refresh = .running(startedDate: Self.now)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[5].contains("Refreshing…"))
        #expect(screen.style(row: 5, column: 0).role == .status)
    }

    @Test("Help overlay lists every key and the attribution")
    func help() {
        let screen = GridScreen(rows: 30, columns: 80)
        var state = Self.state(Self.articles, screen: screen)
        state.overlay = .help
        #expect(
            render(state, screen) == """
                 The New York Times · World                                                 1/4
                •  3h Leaders Me┌─ Keys ──────────────────────────────────────┐
                •  3h A Very Lon│ ↑ k        up (scrolls a focused detail)    │
                •  3h 東京の新幹│ ↓ j        down (scrolls a focused detail)  │
                •  3h Emoji 🎉 a│ PgUp       a page up                        │d
                                │ PgDn       a page down                      │11/20/test/artic
                                │ Home g     first article                    │
                                │ End G      last article                     │
                                │ Enter → l  open the detail, mark it read    │
                                │ Esc ← h    back to the list                 │
                                │ Tab        switch pane                      │
                                │ r          refresh from the NYT             │
                                │ /          search the cache as you type     │
                                │ f          search the NYT (from: to: sort:) │
                                │ s          choose a section                 │
                                │ o          open in the browser              │
                                │ y          copy the link (OSC 52)           │
                                │ m          mark read / unread               │
                                │ b          save / unsave                    │
                                │ S          saved articles                   │
                                │ n          next unread article              │
                                │ A          mark all in the feed read        │
                                │ d          in the s list: forget a search   │
                                │ ?          this help                        │
                                │ q Ctrl-C   quit                             │
                                │ Ctrl-Z     suspend (fg to come back)        │
                                │                                             │
                                │ Data provided by The New York Times         │
                                └─────────────────────────────────────────────┘
                 World · 4 articles · cached 3 h ago                             ? help  q quit
                """)
    }

    @Test("Help in 80×24 takes two columns and still shows every key and the attribution")
    func helpTwoColumns() {
        let screen = GridScreen(rows: 24, columns: 80)
        var state = Self.state(Self.articles, screen: screen)
        state.overlay = .help
        let text = render(state, screen)
        for action in Action.allCases {
            #expect(text.contains(String(action.summary.prefix(12))), "\(action)")
        }
        #expect(text.contains("Ctrl-Z"))
        #expect(text.contains("Data provided by The New York Times"))
        #expect(
            text == """
                 The New York Times · World                                                 1/4
                •  3h Leaders Meet in Geneva    │ Leaders Meet in Geneva
                •  3h A Very Long Headline Abou…│
                •  3h 東京の新幹線が六十周年を… │ By Test Writer
                ┌─ Keys ───────────────────────────────────────────────────────────────────────┐
                │ ↑ k        up (scrolls a focused de…   s          choose a section           │
                │ ↓ j        down (scrolls a focused …   o          open in the browser        │
                │ PgUp       a page up                   y          copy the link (OSC 52)     │
                │ PgDn       a page down                 m          mark read / unread         │
                │ Home g     first article               b          save / unsave              │
                │ End G      last article                S          saved articles             │
                │ Enter → l  open the detail, mark it…   n          next unread article        │
                │ Esc ← h    back to the list            A          mark all in the feed read  │
                │ Tab        switch pane                 d          in the s list: forget a …  │
                │ r          refresh from the NYT        ?          this help                  │
                │ /          search the cache as you …   q Ctrl-C   quit                       │
                │ f          search the NYT (from: to…   Ctrl-Z     suspend (fg to come back)  │
                │                                                                              │
                │ Data provided by The New York Times                                          │
                └──────────────────────────────────────────────────────────────────────────────┘
                                                │
                                                │
                                                │
                 World · 4 articles · cached 3 h ago                             ? help  q quit
                """)
    }

    @Test("The focused detail scrolls its lines and the status line says how to scroll")
    func focusedDetail() {
        let screen = GridScreen(rows: 8, columns: 80)
        var article = ArticleFactory.article(0, title: "Short")
        article.leadParagraph = (1...12).map { "Word\($0)" }.joined(separator: " ")
        var state = Self.state([article], screen: screen)
        state.focus = .detail
        let metrics = renderer.render(state, on: screen, now: Self.now)
        #expect(metrics.detailScrollLimit == 3)
        state.detailScroll = 3
        #expect(
            render(state, screen) == """
                 The New York Times · World                                                 1/1
                •  3h Short                     │ Thu 20 Nov 2025, 00:53 · World
                                                │ https://www.nytimes.com/2026/11/20/test/artic
                                                │ le-0.html
                                                │
                                                │ Word1 Word2 Word3 Word4 Word5 Word6 Word7
                                                │ Word8 Word9 Word10 Word11 Word12
                 World · 1 article · cached 3 h ago                           ↑↓ scroll  ← back
                """)
    }

    @Test("Section picker")
    func picker() {
        let screen = GridScreen(rows: 12, columns: 80)
        var state = Self.state(Self.articles, screen: screen)
        state.overlay = .sectionPicker(selection: ReaderState.pickableFeeds.firstIndex(of: .topStories(.world))!)
        #expect(
            render(state, screen) == """
                 The New York Times · World                                                 1/4
                •  3h Leaders Meet in Gene┌─ Sections ────── ↑ more ─┐va
                •  3h A Very Long Headline│   T Magazine             │
                •  3h 東京の新幹線が六十周│   Travel                 │
                •  3h Emoji 🎉 and a famil│   Upshot                 │53 · World
                                          │   U.S.                   │com/2026/11/20/test/artic
                                          │ • World                  │
                                          │   Most viewed · today    │
                                          │   Most viewed · 7 days   │ticle 0.
                                          │   Most viewed · 30 days  │
                                          └───────────────── ↓ more ─┘
                 World · 4 articles · cached 3 h ago                             ? help  q quit
                """)
    }

    @Test("Section picker in a short terminal: ↑ more and ↓ more in the frame while feeds are hidden there")
    func pickerScrolled() {
        let screen = GridScreen(rows: 10, columns: 60)
        var state = Self.state(Self.articles, screen: screen)
        let feeds = ReaderState.pickableFeeds
        state.overlay = .sectionPicker(selection: 0)
        renderer.render(state, on: screen, now: Self.now)
        #expect(
            Array(screen.lines[1...8]).map { String($0.dropFirst(16).prefix(28)) } == [
                "┌─ Sections ───────────────┐",
                "│   \(feeds[0].title.padding(toLength: 23, withPad: " ", startingAt: 0))│",
                "│   \(feeds[1].title.padding(toLength: 23, withPad: " ", startingAt: 0))│",
                "│   \(feeds[2].title.padding(toLength: 23, withPad: " ", startingAt: 0))│",
                "│   \(feeds[3].title.padding(toLength: 23, withPad: " ", startingAt: 0))│",
                "│   \(feeds[4].title.padding(toLength: 23, withPad: " ", startingAt: 0))│",
                "│   \(feeds[5].title.padding(toLength: 23, withPad: " ", startingAt: 0))│",
                "└───────────────── ↓ more ─┘",
            ])
        state.overlay = .sectionPicker(selection: 10)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[1].contains("┌─ Sections ────── ↑ more ─┐"))
        #expect(screen.lines[8].contains("└───────────────── ↓ more ─┘"))
        #expect(screen.style(row: 8, column: 35).bold, "the note stands out from the frame")
        state.overlay = .sectionPicker(selection: feeds.count - 1)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[1].contains("┌─ Sections ────── ↑ more ─┐"))
        #expect(screen.lines[8].contains("└──────────────────────────┘"))
        let tall = GridScreen(rows: feeds.count + 4, columns: 60)
        renderer.render(state, on: tall, now: Self.now)
        #expect(!tall.text.contains("more"), "nothing is hidden when every feed fits")
    }

    @Test("PgDn in the picker highlights the first feed hidden below its first page, wide and narrow")
    func pickerPaging() {
        let feeds = ReaderState.pickableFeeds
        for screen in [GridScreen(rows: 10, columns: 90), GridScreen(rows: 10, columns: 60)] {
            var viewModel = ReaderViewModel(feed: .topStories(.world))
            _ = viewModel.setListHeight(renderer.listHeight(for: screen.size))
            viewModel.setPickerHeight(renderer.pickerHeight(for: screen.size))
            #expect(renderer.pickerHeight(for: screen.size) == 6)
            _ = viewModel.handle(.pickSection)
            _ = viewModel.handle(.moveToFirst)
            renderer.render(viewModel.state, on: screen, now: Self.now)
            #expect(!screen.text.contains(feeds[6].title), "the seventh feed is below the first page")
            _ = viewModel.handle(.pageDown)
            #expect(viewModel.state.overlay == .sectionPicker(selection: 6))
            renderer.render(viewModel.state, on: screen, now: Self.now)
            // No articles are loaded, so every cell left of the title holds one character.
            let rows = screen.lines.enumerated().compactMap { row, line in
                line.range(of: feeds[6].title).map { (row: row, column: line.distance(from: line.startIndex, to: $0.lowerBound)) }
            }
            #expect(rows.count == 1)
            #expect(rows.allSatisfy { screen.style(row: $0.row, column: $0.column).reverse }, "it is the highlighted row")
        }
        #expect(renderer.pickerHeight(for: ScreenSize(rows: feeds.count + 4, columns: 100)) == feeds.count, "every feed fits")
        #expect(renderer.pickerHeight(for: ScreenSize(rows: 3, columns: 10)) == 1, "too small for panes")
    }

    @Test("Search field and kept search in the status line")
    func search() {
        let screen = GridScreen(rows: 6, columns: 80)
        var state = Self.state(Array(Self.articles.prefix(1)), screen: screen)
        state.search = SearchFilter(text: "gene", isEditing: true, shownText: "gene", hitCount: 1)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[5] == " /gene▏ 1 match                                           Enter keep  Esc clear")
        state.search?.isEditing = false
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[5] == " Search “gene” · 1 match · World · 1 article · cached 3 h ago    ? help  q quit")
        state.search = SearchFilter(text: "zzz", isEditing: false, shownText: "zzz", hitCount: 0)
        state.count = 0
        state.window = ArticleWindow()
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[1] == " No matches for “zzz”           │")
    }
}
