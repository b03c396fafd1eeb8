import Foundation
import NewsCore
import ReaderViewModel
import TestSupport
import Testing

@_spi(Testing) @testable import TerminalUI

@Suite("Rendering frames")
struct FrameRendererTests {
    let now = Date(timeIntervalSince1970: 1_763_600_000 + 3 * 3600)
    let renderer = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!)

    func state(count: Int, selection: Int = 0, listHeight: Int) -> ReaderState {
        var state = ReaderState(feed: .topStories(.world))
        let entries = (0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }
        state.feedStatus = FeedStatus(
            feed: state.feed, count: count, lastRefreshedDate: Date(timeIntervalSince1970: 1_763_600_000), origin: .bundled)
        state.count = count
        state.selection = selection
        state.listHeight = listHeight
        state.window = ArticleWindow(start: 0, entries: entries)
        state.refresh = .idle(blocker: .noAPIKey)
        return state
    }

    @Test("Wide: list on the left, detail on the right, status at the bottom")
    func wide() {
        let screen = GridScreen(rows: 12, columns: 100)
        #expect(renderer.listHeight(for: screen.size) == 10)
        renderer.render(state(count: 3, selection: 1, listHeight: 10), on: screen, now: now)
        let lines = screen.lines
        #expect(lines[0].hasPrefix(" The New York Times · World"))
        #expect(lines[0].hasSuffix("2/3"))
        #expect(lines[1].hasPrefix("•  3h World    Article 0"), "a section column of a quarter of the list's 40, less one")
        #expect(lines[2].hasPrefix("•  3h World    Article 1"))
        #expect(lines[1].contains("│ Article 1"))
        #expect(lines[3].contains("│ By Test Writer"))
        #expect(lines.contains { $0.contains("Lead paragraph of article 1.") })
        #expect(lines[11].hasPrefix(" World · 3 articles · No API key set"), "the age gives way to the reason: \(lines[11])")
        #expect(screen.style(row: 2, column: 0).reverse)
        #expect(!screen.style(row: 1, column: 0).reverse)
    }

    @Test("After a frame, the detail texts of the articles above and below the selection are made ahead, at the detail's width")
    func neighborsMadeAhead() {
        let screen = GridScreen(rows: 12, columns: 100)
        let shown = state(count: 5, selection: 2, listHeight: 10)
        renderer.render(shown, on: screen, now: now)
        let width = Layout(size: screen.size, state: shown).panes!.detail.width
        #expect(!renderer.detail.texts.holds(shown.window.entries[3], width: width))
        renderer.prepareNeighbors(of: shown, size: screen.size, now: now)
        #expect(renderer.detail.texts.holds(shown.window.entries[1], width: width))
        #expect(renderer.detail.texts.holds(shown.window.entries[3], width: width))
        #expect(renderer.detail.texts.holds(shown.window.entries[2], width: width), "the one shown stays")
        #expect(!renderer.detail.texts.holds(shown.window.entries[4], width: width))
    }

    @Test("After a frame, what a PgDn and a PgUp show is made ahead: the detail a page away, the rows of the pages below and above")
    func pagesMadeAhead() {
        let screen = GridScreen(rows: 12, columns: 100)
        var shown = state(count: 40, selection: 12, listHeight: 10)
        shown.top = 10
        renderer.render(shown, on: screen, now: now)
        let width = Layout(size: screen.size, state: shown).panes!.detail.width
        let rows = renderer.list.rowTexts.count
        #expect(!renderer.detail.texts.holds(shown.window.entries[22], width: width))
        var asked = 0
        renderer.prepareNeighbors(of: shown, size: screen.size, now: now) {
            asked += 1
            return asked <= 1
        }
        #expect(renderer.detail.texts.holds(shown.window.entries[13], width: width), "the first made before a key came")
        #expect(!renderer.detail.texts.holds(shown.window.entries[11], width: width), "nothing after it")
        #expect(renderer.list.rowTexts.count == rows)
        renderer.prepareNeighbors(of: shown, size: screen.size, now: now)
        #expect(renderer.detail.texts.holds(shown.window.entries[22], width: width), "a PgDn away")
        #expect(renderer.detail.texts.holds(shown.window.entries[2], width: width), "a PgUp away")
        #expect(renderer.detail.texts.holds(shown.window.entries[13], width: width))
        #expect(renderer.detail.texts.holds(shown.window.entries[11], width: width))
        #expect(renderer.detail.texts.holds(shown.window.entries[12], width: width), "the one shown stays")
        let listRows = Layout(size: screen.size, state: shown).panes!.list.height
        #expect(renderer.list.rowTexts.count == rows + 2 * listRows, "the rows of the pages below and above")
    }

    @Test("Narrow: list on top, detail below")
    func narrow() {
        let screen = GridScreen(rows: 20, columns: 60)
        renderer.render(state(count: 3, listHeight: renderer.listHeight(for: screen.size)), on: screen, now: now)
        let lines = screen.lines
        #expect(lines[1].hasPrefix("•  3h World         Article 0"), "a section column of 14, the list being 60 wide")
        let separator = lines.firstIndex { $0.hasPrefix("────") }
        #expect(separator != nil)
        #expect(lines[(separator ?? 0) + 1] == " Article 0")
    }

    @Test("Narrow: a page of the focused detail is the detail pane's height, not the list's")
    func narrowDetailPage() {
        let screen = GridScreen(rows: 20, columns: 60)
        #expect(renderer.listHeight(for: screen.size) == 6)
        #expect(renderer.detailHeight(for: screen.size) == 11)
        var state = state(count: 3, listHeight: renderer.listHeight(for: screen.size))
        state.window.entries[0].article.leadParagraph = (1...150).map { "Word\($0)" }.joined(separator: " ")
        state.focus = .detail
        renderer.render(state, on: screen, now: now)
        let firstPage = Array(screen.lines[8..<19])
        state.detailScroll = renderer.detailHeight(for: screen.size)
        renderer.render(state, on: screen, now: now)
        let secondPage = Array(screen.lines[8..<19])
        #expect(firstPage.first == " Article 0")
        #expect(firstPage.last == " Word34 Word35 Word36 Word37 Word38 Word39 Word40 Word41")
        #expect(secondPage.first == " Word42 Word43 Word44 Word45 Word46 Word47 Word48 Word49")
    }

    @Test("Too small: one line")
    func tooSmall() {
        let screen = GridScreen(rows: 4, columns: 12)
        renderer.render(state(count: 3, listHeight: 1), on: screen, now: now)
        #expect(screen.lines == ["Terminal to…", "", "", ""])
    }

    @Test("Titles are cut by display width, and escape sequences never reach the screen")
    func hostileAndWide() {
        var state = state(count: 2, listHeight: 10)
        state.window.entries[0].article.title = "新幹線が走る日本の鉄道の未来についての長い記事のタイトルです"
        state.window.entries[1].article.title = "Evil\u{1B}]2;owned\u{07} title"
        let screen = GridScreen(rows: 12, columns: 100)
        renderer.render(state, on: screen, now: now)
        let lines = screen.lines
        #expect(lines[1].contains("新幹線が走る"))
        #expect(lines[1].contains("…"))
        #expect(screen.cell(row: 1, column: 40) == "│")
        #expect(lines[2].contains("Evil title"))
        #expect(!screen.text.contains("\u{1B}"))
    }
}
