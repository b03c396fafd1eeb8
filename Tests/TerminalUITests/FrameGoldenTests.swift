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
            feed: state.feed, count: articles.count, unreadCount: articles.count,
            lastRefreshedDate: Date(timeIntervalSince1970: 1_763_600_000),
            origin: .network
        )
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
                 The New York Times · World                                                 4 unread  2/4
                   3h Leaders Meet in Geneva        │ A Very Long Headline About Everything That Happened
                •  3h A Very Long Headline About Ev…│ This Week Around the World
                •  3h 東京の新幹線が六十周年を迎え… │
                •* 3h Emoji 🎉 and a family 👨👩👧 …│ By Test Writer
                                                    │ Thu 20 Nov 2025, 00:52 · World
                                                    │ https://www.nytimes.com/2…11/20/test/article-1.html
                                                    │
                                                    │ Lead paragraph of article 1.
                 World · 4 articles · 4 unread · cached 3 h ago                            ? help  q quit
                """)
    }

    @Test("An archive month's rows show the day, not the age; the unread and saved marks stand side by side")
    func archiveRows() throws {
        let screen = GridScreen(rows: 6, columns: 80)
        var state = Self.state(Self.articles, screen: screen)
        state.feed = .archive(try #require(ArchiveMonth("2025-11", latest: ArchiveMonth(containingDay: 30_000))))
        state.window.entries[1].readDate = Self.now
        state.window.entries[1].savedDate = Self.now
        state.window.entries[2].savedDate = Self.now
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[1].hasPrefix("•  20 Nov Leaders Meet"), "\(screen.lines[1])")
        #expect(screen.lines[2].hasPrefix(" * 20 Nov A Very Long"), "read and saved: \(screen.lines[2])")
        #expect(screen.lines[3].hasPrefix("•* 20 Nov 東京"), "unread and saved: \(screen.lines[3])")
    }

    @Test("Rows drawn again after a title changed, at other widths, in other sections: as a new renderer draws them")
    func keptRowTexts() {
        var state = Self.state(Self.articles, screen: GridScreen(rows: 8, columns: 80))
        var frames: [(ReaderState, Int)] = [(state, 80)]
        state.window.entries[0].article.title = "Leaders Part in Geneva"
        frames.append((state, 80))
        state.window.entries[1].article.section = "Opinion"
        frames += [(state, 80), (state, 64), (state, 120), (state, 80)]
        for (state, columns) in frames {
            let kept = GridScreen(rows: 8, columns: columns)
            let fresh = GridScreen(rows: 8, columns: columns)
            renderer.render(state, on: kept, now: Self.now)
            FrameRenderer(timeZone: TimeZone(identifier: "UTC")!).render(state, on: fresh, now: Self.now)
            #expect(kept.text == fresh.text, "\(columns) columns")
        }
        #expect(frames.count == 6)
    }

    @Test("Narrow frame")
    func narrow() {
        let screen = GridScreen(rows: 16, columns: 50)
        let state = Self.state(Self.articles, selection: 2, screen: screen)
        #expect(
            render(state, screen) == """
                 The New York Times · World         4 unread  3/4
                •  3h World      Leaders Meet in Geneva
                •  3h World      A Very Long Headline About Every…
                •  3h World      東京の新幹線が六十周年を迎える記…
                •  3h World      Emoji 🎉 and a family 👨👩👧 in …

                ──────────────────────────────────────────────────
                 東京の新幹線が六十周年を迎える記念の式典

                 By Test Writer
                 Thu 20 Nov 2025, 00:51 · World
                 https://www.nytimes.com/…/20/test/article-2.html

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
                 The New York Times · World                                            0 unread
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
                 The New York Times · World                                                           4 unread  1/4
                •  3h World    Leaders Meet in Geneva   │ Leaders Meet in Geneva
                •  3h World    A Very Long Headline Abo…│
                •  3h World    東京の新幹線が六十周年を…│ By Test Writer
                •  3h World    Emoji 🎉 and a family …  │ Thu 20 Nov 2025, 00:53 · World
                 World · 4 articles · 4 unread · cached 3 h ago · NYT server error 503               ? help  q quit
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

    @Test("Help overlay lists every key with its [keys] name, and scrolls to the attribution")
    func help() {
        let screen = GridScreen(rows: 33, columns: 80)
        var state = Self.state(Self.articles, screen: screen)
        state.overlay = .help
        #expect(
            render(state, screen) == """
                 The New York Times · World                                       4 unread  1/4
                •  3h┌─ Keys ────────────────────────────────────────────────────────────┐
                •  3h│ ↑ k          up (scrolls a focused detail)       up               │
                •  3h│ ↓ j          down (scrolls a focused detail)     down             │
                •  3h│ PgUp         a page up                           page_up          │
                     │ PgDn         a page down                         page_down        │.html
                     │ Home g       first article                       first            │
                     │ End G        last article                        last             │
                     │ Enter → l    open the detail, mark it read       open             │
                     │ Esc ← h      back to the list; stops a refresh   back             │
                     │ Tab          switch pane                         switch_pane      │
                     │ r            refresh from the NYT                refresh          │
                     │ R            refresh every followed feed         refresh_followed │
                     │ /            search the cache as you type        search           │
                     │ f            search the NYT (from: to: sort:)    nyt_search       │
                     │ t            chart the search in the archive     trend            │
                     │ s            choose a feed (/ filters)           sections         │
                     │ o            open in the browser, mark it read   browser          │
                     │ y            copy the link (OSC 52)              copy_link        │
                     │ m            mark read / unread                  toggle_read      │
                     │ b            save / unsave                       toggle_saved     │
                     │ S            saved articles                      saved            │
                     │ n            open the next unread, mark it read  next_unread      │
                     │ u            unread articles only / all          unread_only      │
                     │ A            mark all in the feed read           mark_all_read    │
                     │ d            in s: forget a search or month      forget           │
                     │ <            narrow the list                     narrow_list      │
                     │ >            widen the list                      widen_list       │
                     │ z            the list full width (again: back)   zoom_list        │
                     │ ?            this help                           help             │
                     │ q Ctrl-C     quit                                quit             │
                     └────────────────────────────────────────── ↓ more · ? Esc q close ─┘
                 World · 4 articles · 4 unread · cached 3 h ago                  ? help  q quit
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
        #expect(metrics.detailScrollLimit == 2)
        state.detailScroll = 2
        #expect(
            render(state, screen) == """
                 The New York Times · World                                       1 unread  1/1
                •  3h Short                     │ By Test Writer
                                                │ Thu 20 Nov 2025, 00:53 · World
                                                │ https://www.nytimes.co…20/test/article-0.html
                                                │
                                                │ Word1 Word2 Word3 Word4 Word5 Word6 Word7
                                                │ Word8 Word9 Word10 Word11 Word12
                 World · 1 article · 1 unread · cached 3 h ago              ↑↓ scroll  Esc back
                """)
    }

    @Test("Section picker")
    func picker() {
        let screen = GridScreen(rows: 12, columns: 80)
        var state = Self.state(Self.articles, screen: screen)
        state.overlay = .sectionPicker(selection: state.pickerEntries.firstIndex(of: .feed(.topStories(.world)))!)
        #expect(
            render(state, screen) == """
                 The New York Times · World                                       4 unread  1/4
                •  3h Leaders Meet in ┌─ Feeds ──────────────── ↑ more ─┐
                •  3h A Very Long Head│   T Magazine                  – │
                •  3h 東京の新幹線が六│   Travel                      – │
                •  3h Emoji 🎉 and a f│   Upshot                      – │· World
                                      │   U.S.                        – │20/test/article-0.html
                                      │ • World                       – │
                                      │ Most Popular                    │le 0.
                                      │   Most viewed · today         – │
                                      │   Most viewed · 7 days        – │
                                      └──────────────────────── ↓ more ─┘
                 World · 4 articles · 4 unread · cached 3 h ago                  ? help  q quit
                """)
    }

    @Test("Section picker in a short terminal: ↑ more and ↓ more in the frame while entries are hidden there")
    func pickerScrolled() {
        let screen = GridScreen(rows: 10, columns: 60)
        var state = Self.state(Self.articles, screen: screen)
        let entries = state.pickerEntries
        state.overlay = .sectionPicker(selection: 1)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[1].contains("┌─ Feeds ─"))
        #expect(!screen.lines[1].contains("↑ more"))
        #expect(screen.lines[2].contains("│ Sections "), "the group's heading first")
        #expect(screen.lines[3].contains("│   Arts ") && screen.lines[3].contains(" – │"), "a feed never fetched has no counts")
        #expect(screen.lines[8].contains("↓ more ─┘"))
        let note = screen.lines[8].distance(from: screen.lines[8].startIndex, to: screen.lines[8].range(of: "↓ more")!.lowerBound)
        #expect(screen.style(row: 8, column: note).bold, "the note stands out from the frame")
        state.overlay = .sectionPicker(selection: 12)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[1].contains("↑ more ─┐"))
        #expect(screen.lines[8].contains("↓ more ─┘"))
        state.overlay = .sectionPicker(selection: entries.count - 1)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[1].contains("↑ more ─┐"))
        #expect(!screen.lines[8].contains("more"))
        #expect(screen.lines[7].contains("Saved"))
        let tall = GridScreen(rows: entries.count + 4, columns: 60)
        renderer.render(state, on: tall, now: Self.now)
        #expect(!tall.text.contains("more"), "nothing is hidden when every entry fits")
    }

    @Test("The picker: headings, the followed feeds first, counts right-aligned and never cut, the filter in the top edge")
    func pickerCounts() throws {
        let screen = GridScreen(rows: 60, columns: 60)
        var state = Self.state(Self.articles, screen: screen)
        state.followedFeeds = [.topStories(.world), .mostPopular(.viewed, .day), .latest]
        state.feedCounts = [
            "top:world": FeedCounts(unread: 12, total: 37), "popular:viewed:1": FeedCounts(unread: 0, total: 20),
            "saved": FeedCounts(unread: 1, total: 3),
        ]
        state.searchFeeds = [
            FeedStatus(feed: .search(SearchQuery(text: String(repeating: "a very long search ", count: 5))), count: 10, totalHits: 2_314)
        ]
        state.feedCounts[state.searchFeeds[0].feed.key] = FeedCounts(unread: 10, total: 10)
        state.overlay = .sectionPicker(selection: 1)
        let text = render(state, screen)
        let lines = text.split(separator: "\n").map(String.init)
        let myFeeds = try #require(lines.firstIndex { $0.contains("│ My feeds ") })
        #expect(lines[myFeeds + 1].contains("│ • World") && lines[myFeeds + 1].hasSuffix("12/37 │"), "\(lines[myFeeds + 1])")
        #expect(lines[myFeeds + 2].contains("Most viewed · today") && lines[myFeeds + 2].hasSuffix("0/20 │"))
        #expect(lines[myFeeds + 3].contains("Latest") && lines[myFeeds + 3].hasSuffix("– │"))
        #expect(lines[myFeeds + 4].contains("│ Sections "))
        #expect(!lines.contains { $0.contains("│   World ") }, "a followed feed is not listed twice")
        let search = try #require(lines.first { $0.contains("Search “a very long") })
        #expect(search.hasSuffix("10/10 │") && search.contains("…"), "the title is shortened, the counts kept: \(search)")
        #expect(lines.contains { $0.contains("Saved") && $0.hasSuffix("1/3 │") })
        state.archiveFeeds = [
            FeedStatus(
                feed: .archive(ArchiveMonth(year: 2024, month: 3, latest: .current)!), count: 300, lastRefreshedDate: Self.now,
                origin: .network),
            FeedStatus(feed: .archive(ArchiveMonth(year: 2005, month: 7, latest: .current)!), count: 9_483),
        ]
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.text.contains("July 2005 · in part"), "a month whose import was cut short:\n\(screen.text)")
        #expect(!screen.text.contains("March 2024 · in part"))
        #expect(!screen.text.contains("· failed"))
        state.feedCounts["popular:viewed:1"]?.lastRefreshFailed = true
        renderer.render(state, on: screen, now: Self.now)
        let failed = try #require(screen.text.split(separator: "\n").first { $0.contains("Most viewed · today") })
        #expect(failed.contains("Most viewed · today · failed") && failed.hasSuffix("0/20 │"), "its last refresh failed: \(failed)")
        #expect(!screen.text.contains("World · failed"))
        state.pickerFilter = "wor"
        state.overlay = .sectionPicker(selection: 1)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.text.contains("┌─ /wor▏ ─"))
        #expect(screen.text.contains("• World") && !screen.text.contains("Arts"))
        state.pickerFilter = "zzq"
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.text.contains("┌─ /zzq▏ ─"))
        #expect(screen.text.contains("│ No feed matches"), "\(screen.text)")
    }

    @Test("PgDn in the picker highlights the first feed hidden below its first page, wide and narrow")
    func pickerPaging() {
        for screen in [GridScreen(rows: 10, columns: 90), GridScreen(rows: 10, columns: 60)] {
            var viewModel = ReaderViewModel(feed: .topStories(.world))
            _ = viewModel.setListHeight(renderer.listHeight(for: screen.size))
            viewModel.setPickerHeight(renderer.pickerHeight(for: screen.size))
            #expect(renderer.pickerHeight(for: screen.size) == 6)
            _ = viewModel.handle(.pickSection)
            _ = viewModel.handle(.moveToFirst)
            let feeds = viewModel.state.pickerFeeds
            renderer.render(viewModel.state, on: screen, now: Self.now)
            #expect(!screen.text.contains(feeds[6].title), "the seventh feed is below the first page")
            _ = viewModel.handle(.pageDown)
            #expect(viewModel.state.overlay == .sectionPicker(selection: 7))
            renderer.render(viewModel.state, on: screen, now: Self.now)
            // No articles are loaded, so every cell left of the title holds one character.
            let rows = screen.lines.enumerated().compactMap { row, line in
                line.range(of: feeds[6].title).map { (row: row, column: line.distance(from: line.startIndex, to: $0.lowerBound)) }
            }
            #expect(rows.count == 1)
            #expect(rows.allSatisfy { screen.style(row: $0.row, column: $0.column).reverse }, "it is the highlighted row")
        }
        let entries = ReaderState(feed: .topStories(.world)).pickerEntries.count
        #expect(renderer.pickerHeight(for: ScreenSize(rows: entries + 4, columns: 100)) == entries, "every entry fits")
        #expect(renderer.pickerHeight(for: ScreenSize(rows: 3, columns: 10)) == 1, "too small for panes")
    }

    @Test("A click in the picker is over the entry drawn there, the frame, or outside it")
    func pickerPointer() throws {
        let screen = GridScreen(rows: 40, columns: 80)
        var state = Self.state(Self.articles, screen: screen)
        state.overlay = .sectionPicker(selection: 1)
        renderer.render(state, on: screen, now: Self.now)
        let row = try #require(screen.lines.firstIndex { $0.contains("│   Business ") })
        let column = screen.lines[row].distance(from: screen.lines[row].startIndex, to: screen.lines[row].range(of: "Business")!.lowerBound)
        let business = state.pickerEntries.firstIndex(of: .feed(.topStories(Section(rawValue: "business"))))!
        #expect(renderer.pointerTarget(row: row, column: column, state: state, size: screen.size, now: Self.now) == .pickerEntry(business))
        let heading = try #require(screen.lines.firstIndex { $0.contains("│ Sections ") })
        #expect(renderer.pointerTarget(row: heading, column: column, state: state, size: screen.size, now: Self.now) == .pickerEntry(0))
        let top = try #require(screen.lines.firstIndex { $0.contains("┌─ Feeds") })
        #expect(renderer.pointerTarget(row: top, column: column, state: state, size: screen.size, now: Self.now) == .overlay)
        #expect(renderer.pointerTarget(row: row, column: 0, state: state, size: screen.size, now: Self.now) == .elsewhere)
    }

    @Test("Search field and kept search in the status line")
    func search() {
        let screen = GridScreen(rows: 6, columns: 80)
        var state = Self.state(Array(Self.articles.prefix(1)), screen: screen)
        state.search = SearchFilter(text: "gene", isEditing: true, shownText: "gene", hitCount: 1)
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[5] == " /gene▏ 1 match · in all cached · Tab: World only         Enter keep  Esc clear")
        state.search?.scope = state.feed
        state.search?.shownScope = state.feed
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[5] == " /gene▏ 1 match · in World · Tab: all cached              Enter keep  Esc clear")
        state.search?.isEditing = false
        renderer.render(state, on: screen, now: Self.now)
        #expect(
            screen.lines[5] == " Search “gene” in World · 1 match · World · 1 article · cached … ? help  q quit",
            "the unread count gives way first: the header has it")
        state.search = SearchFilter(text: "zzz", isEditing: false, shownText: "zzz", hitCount: 0)
        state.count = 0
        state.window = ArticleWindow()
        renderer.render(state, on: screen, now: Self.now)
        #expect(screen.lines[1] == " No matches for “zzz”           │")
    }
}
