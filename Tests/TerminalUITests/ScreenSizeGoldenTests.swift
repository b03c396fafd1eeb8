import Foundation
import NewsCore
import ReaderViewModel
import TestSupport
import Testing

@_spi(Testing) @testable import TerminalUI

/// The screens a new user meets, as golden frames at 40×10, 80×24, 120×40 and 200×60 (`FrameGolden`).
@Suite("Golden frames at every size")
struct ScreenSizeGoldenTests {
    static let now = Date(timeIntervalSince1970: 1_763_600_000 + 3 * 86_400)
    let renderer = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!)

    /// Sections of different lengths, and one article with a long web address.
    static let sections = ["U.S.", "World", "Business", "Technology", "Real Estate", "Opinion", "Science", "Style"]

    static let articles: [ArticleEntry] = (0..<22).map { index in
        var article = ArticleFactory.article(index, title: "Headline number \(index) about something that happened today in the world")
        article.section = sections[index % sections.count]
        if index == 0 {
            article.url = "https://www.nytimes.com/2026/11/19/us/politics/house-passes-spending-deal-hours-before-deadline-averting.html"
        }
        return ArticleEntry(article: article)
    }

    /// The first run: the Home Page from the bundled snapshot, three days old, and no API key.
    static func firstRun(size: ScreenSize) -> ReaderState {
        var state = ReaderState(feed: .topStories(.home))
        state.feedStatus = FeedStatus(
            feed: state.feed, count: articles.count, unreadCount: articles.count, lastRefreshedDate: now.addingTimeInterval(-3 * 86_400),
            origin: .bundled)
        state.count = articles.count
        state.window = ArticleWindow(start: 0, entries: articles)
        state.refresh = .idle(blocker: .noAPIKey)
        state.listHeight = FrameRenderer().listHeight(for: size, state: state)
        return state
    }

    func render(_ state: ReaderState, size: ScreenSize) -> GridScreen {
        let screen = GridScreen(rows: size.rows, columns: size.columns)
        renderer.render(state, on: screen, now: Self.now)
        return screen
    }

    @Test("First run without a key: the reason is the status line's last part to give way")
    func firstRun() {
        for size in FrameGolden.sizes {
            let screen = render(Self.firstRun(size: size), size: size)
            FrameGolden.expect(screen.text, named: "first-run", size: size)
            let status = screen.lines[size.rows - 1]
            #expect(status.hasPrefix(" No API key set") || status.contains("· No API key set"), "\(size): \(status)")
            if size.columns >= 60 { #expect(status.contains(RefreshFailure.noAPIKey.message), "\(size): \(status)") }
        }
    }

    @Test("The list's width: the standard share, 60 % after >, the list zoomed (z) and the detail over it")
    func listWidths() {
        for size in FrameGolden.sizes {
            var state = Self.firstRun(size: size)
            state.refresh = .idle(blocker: nil)
            FrameGolden.expect(render(state, size: size).text, named: "list-40", size: size)
            state.listWidthPercent = 60
            FrameGolden.expect(render(state, size: size).text, named: "list-60", size: size)
            state.listWidthPercent = 40
            state.listZoomed = true
            state.listHeight = renderer.listHeight(for: size, state: state)
            FrameGolden.expect(render(state, size: size).text, named: "list-zoomed", size: size)
            state.focus = .detail
            FrameGolden.expect(render(state, size: size).text, named: "detail-zoomed", size: size)
        }
    }

    @Test("The section column grows with the list and goes when the headline would get fewer than 24 columns")
    func sectionColumn() {
        #expect(ArticleListPane.sectionWidth(listWidth: 32) == 0, "80 columns: the headline keeps the room")
        #expect(ArticleListPane.sectionWidth(listWidth: 36) == 0)
        #expect(ArticleListPane.sectionWidth(listWidth: 38) == 8, "the section shrinks with the list")
        #expect(ArticleListPane.sectionWidth(listWidth: 40) == 9)
        #expect(ArticleListPane.sectionWidth(listWidth: 48) == 11)
        #expect(ArticleListPane.sectionWidth(listWidth: 80) == 14, "200 columns: wider than 8")
        #expect(ArticleListPane.sectionWidth(listWidth: 200) == 14)
    }

    @Test("A web address is one line in the detail, cut in the middle when it does not fit; whole once no browser opened it")
    func address() {
        let url = Self.articles[0].article.url
        for size in FrameGolden.sizes {
            let lines = render(Self.firstRun(size: size), size: size).lines
            let shown = lines.compactMap { line -> String? in
                guard let start = line.range(of: "https://") else { return nil }
                return String(line[start.lowerBound...]).trimmingCharacters(in: .whitespaces)
            }
            guard size.rows >= 24 else { continue }
            #expect(shown.count == 1, "\(size): one line")
            if let shown = shown.first, shown != url {
                #expect(shown.contains("…") && url.hasPrefix(String(shown.prefix { $0 != "…" })), "\(size): \(shown)")
                #expect(url.hasSuffix(String(shown.reversed().prefix { $0 != "…" }.reversed())), "\(size): \(shown)")
            }
        }
        // Once no browser could open it, the address is shown whole, over the lines it takes.
        for size in FrameGolden.sizes where size.rows >= 24 {
            var state = Self.firstRun(size: size)
            state.wholeLinkShown = state.selectedEntry?.id
            let lines = render(state, size: size).lines
            guard let first = lines.firstIndex(where: { $0.contains("https://") }),
                let column = lines[first].range(of: "https://").map({
                    lines[first].distance(from: lines[first].startIndex, to: $0.lowerBound)
                })
            else {
                Issue.record("\(size): no address")
                continue
            }
            var joined = ""
            for line in lines[first...] where joined.count < url.count {
                joined += String(line.dropFirst(column)).trimmingCharacters(in: .whitespaces)
            }
            #expect(joined.hasPrefix(url) && !joined.contains("…"), "\(size): \(joined)")
        }
        #expect(DisplayWidth.middle("https://www.nytimes.com/a/b.html", fitting: 20) == "https://ww…/a/b.html")
        #expect(DisplayWidth.middle("東京の新幹線が六十周年", fitting: 9) == "東京…周年")
        #expect(DisplayWidth.middle("short", fitting: 9) == "short")
    }

    @Test("The help at the top and scrolled to its end, with the config file's warnings")
    func help() {
        for size in FrameGolden.sizes {
            var state = Self.firstRun(size: size)
            state.overlay = .help
            state.configWarnings = [
                "~/.config/nytreader/config.toml line 2: unknown key 'colour'",
                "~/.config/nytreader/config.toml line 5: 'keys.reload': unknown action (actions: up, down, page_up, page_down, "
                    + "top, bottom, open, refresh, quit)",
            ]
            let top = render(state, size: size)
            FrameGolden.expect(top.text, named: "help-top", size: size)
            let metrics = renderer.render(state, on: top, now: Self.now)
            state.helpScroll = metrics.helpScrollLimit
            let end = render(state, size: size)
            FrameGolden.expect(end.text, named: "help-end", size: size)
            if size.rows >= 24 {
                // The warnings come first: the notice at start sends people to the help to read them.
                #expect(top.text.contains("unknown key 'colour'"), "\(size)")
                #expect(top.text.contains("top, bottom, open, refresh,") || top.text.contains("refresh, quit)"), "\(size): wrapped whole")
                #expect(top.text.contains("quit)"), "\(size): the warning's end is shown")
                #expect(end.text.contains("Data provided by The New York Times"), "\(size)")
                #expect(end.text.contains("Alt-b Alt-f") && end.text.contains("a word back / on"), "\(size): the prompts' keys")
            }
            if size.columns >= 80 && size.rows >= 40 {
                #expect(top.text.contains("refresh from the NYT") && top.text.contains("nyt_search"), "\(size): the [keys] names")
            }
        }
    }

    @Test("The picker's searches keep their matches and age; the words are cut first")
    func pickerSearches() {
        for size in FrameGolden.sizes {
            var state = Self.firstRun(size: size)
            let long = SearchQuery(
                text: "climate change and the future of coastal cities", beginDate: "20240101", endDate: "20240131", sort: .oldest)
            state.searchFeeds = [
                FeedStatus(
                    feed: .search(long), count: 30, lastRefreshedDate: Self.now.addingTimeInterval(-7_200), origin: .network,
                    totalHits: 2_417),
                FeedStatus(
                    feed: .search(SearchQuery(text: "election")), count: 10, lastRefreshedDate: Self.now.addingTimeInterval(-86_400 * 2),
                    origin: .network, totalHits: 120_000),
            ]
            state.overlay = .sectionPicker(selection: state.pickerEntries.firstIndex(of: .feed(.search(long))) ?? 0)
            let screen = render(state, size: size)
            FrameGolden.expect(screen.text, named: "picker-searches", size: size)
            let row = screen.lines.first { $0.contains("Search “climate") }
            if size.columns >= 80 {
                #expect(row?.contains("· 2,417 · 2h") == true, "\(size): \(row ?? "none")")
            }
        }
    }
}
