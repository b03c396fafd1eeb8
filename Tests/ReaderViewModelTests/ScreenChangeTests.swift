import Foundation
import NewsCore
import TestSupport
import Testing

@testable import ReaderViewModel

/// Which answers of the service need a frame: entries read ahead of the scrolling show nothing new.
@Suite("States that show the same screen")
struct ScreenChangeTests {
    static let entries = (0..<200).map { ArticleEntry(article: ArticleFactory.article($0)) }

    /// A feed of 200 with rows 40 … 59 on screen, the selection on 45, holding `range` of the entries.
    static func state(holding range: Range<Int>) -> ReaderState {
        var state = ReaderState(feed: .topStories(.world))
        state.count = 200
        state.listHeight = 20
        state.top = 40
        state.selection = 45
        state.window = ArticleWindow(start: range.lowerBound, entries: Array(entries[range]))
        return state
    }

    @Test("A window read ahead, holding the same rows on screen: the same screen, no frame")
    func readAhead() {
        let before = Self.state(holding: 0..<100)
        #expect(Self.state(holding: 20..<160).showsSameScreen(as: before))
        #expect(before.showsSameScreen(as: before))
    }

    @Test("Rows on screen loaded, or changed, or the selection's entry changed: a frame")
    func visibleChange() {
        let before = Self.state(holding: 0..<50)
        #expect(!Self.state(holding: 0..<100).showsSameScreen(as: before), "rows 50 … 59 were not loaded")
        var changed = Self.state(holding: 0..<100)
        changed.window.entries[50].article.title = "Retitled"
        #expect(!changed.showsSameScreen(as: Self.state(holding: 0..<100)), "a row on screen retitled")
        var read = Self.state(holding: 0..<100)
        read.window.entries[45].readDate = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(!read.showsSameScreen(as: Self.state(holding: 0..<100)), "the selection marked read")
    }

    @Test("Anything else that differs, with or without a new window: a frame")
    func otherChange() {
        var noticed = Self.state(holding: 20..<160)
        noticed.notice = Notice("Saved")
        #expect(!noticed.showsSameScreen(as: Self.state(holding: 0..<100)))
        var moved = Self.state(holding: 0..<100)
        moved.selection = 46
        #expect(!moved.showsSameScreen(as: Self.state(holding: 0..<100)))
    }
}
