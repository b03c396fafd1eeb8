import Foundation
import NewsCore
import ReaderViewModel
@_spi(Testing) import TerminalUI
import TestSupport
import Testing

@Suite("Network text on screen")
struct SanitizingTests {
    @Test("No control character, escape sequence or bidi override from any field reaches the screen")
    func hostileArticle() {
        let evil = "A\u{1B}]2;pwned\u{07}B\u{1B}[2J\u{9B}31mC\u{202E}D\tE\nF\u{0}G\u{1B}P+q\u{1B}\\H\u{85}I"
        var article = ArticleFactory.article(0, title: evil)
        article.kicker = evil
        article.byline = evil
        article.section = evil
        article.subsection = evil
        article.url = "https://x/" + evil
        article.leadParagraph = evil
        var state = ReaderState(feed: .topStories(.world))
        state.count = 1
        state.window = ArticleWindow(start: 0, entries: [ArticleEntry(article: article)])
        state.feedStatus = FeedStatus(feed: state.feed, count: 1)
        state.notice = Notice(evil)
        let screen = GridScreen(rows: 30, columns: 120)
        FrameRenderer(timeZone: TimeZone(identifier: "UTC")!).render(state, on: screen, now: Date(timeIntervalSince1970: 1_763_600_000))
        let forbidden = screen.lines.joined().unicodeScalars.filter(NaughtyStrings.isUnsafe)
        #expect(forbidden.isEmpty)
        #expect(screen.lines[2].contains("│ ABCD E FGH I"), "the title in the detail")
        #expect(!screen.text.contains("pwned"))
        #expect(!screen.text.contains("31m"))
        #expect(screen.lines[29].hasPrefix(" ABCD E FGH I"))
    }
}
