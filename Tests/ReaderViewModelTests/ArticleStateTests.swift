import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

@Suite("Read, saved, next unread and the browser")
struct ArticleStateTests {
    @Test("Opening the detail marks the article read, in the list and in the cache")
    func openMarksRead() {
        var driver = ViewModelDriver(count: 5)
        driver.send(.moveDown)
        #expect(driver.state.selectedEntry?.isRead == false)
        driver.send(.focusDetail)
        #expect(driver.state.focus == .detail)
        #expect(driver.state.selectedEntry?.readDate == ViewModelDriver.now)
        #expect(driver.cached(ArticleID("nyt://article/test-1"))?.isRead == true)
        #expect(driver.cached(ArticleID("nyt://article/test-0"))?.isRead == false)
        driver.send(.switchPane)
        driver.send(.moveDown)
        driver.send(.switchPane)
        #expect(driver.cached(ArticleID("nyt://article/test-2"))?.isRead == true, "Tab into the detail opens it too")
    }

    @Test("m toggles read, b toggles saved")
    func toggles() {
        var driver = ViewModelDriver(count: 3)
        driver.send(.toggleRead)
        #expect(driver.state.selectedEntry?.isRead == true)
        #expect(driver.effects.last == .setRead(ArticleID("nyt://article/test-0"), true))
        driver.send(.toggleRead)
        #expect(driver.state.selectedEntry?.isRead == false)
        #expect(driver.cached(ArticleID("nyt://article/test-0"))?.isRead == false)
        driver.send(.toggleSaved)
        #expect(driver.state.selectedEntry?.isSaved == true)
        #expect(driver.state.notice == Notice("Saved — S shows saved articles"))
        #expect(driver.cached(ArticleID("nyt://article/test-0"))?.isSaved == true)
        driver.send(.moveDown)
        #expect(driver.state.notice == nil, "the next key clears a notice")
        driver.send(.moveUp)
        driver.send(.toggleSaved)
        #expect(driver.state.selectedEntry?.isSaved == false)
        #expect(driver.state.notice == Notice("Removed from saved articles"))
    }

    @Test("S shows the saved articles; it cannot be refreshed")
    func saved() {
        var driver = ViewModelDriver(count: 6)
        driver.send([.moveDown, .moveDown, .toggleSaved, .moveDown, .moveDown, .toggleSaved])
        driver.send(.showSaved)
        #expect(driver.state.feed == .saved)
        #expect(driver.state.count == 2)
        #expect(driver.state.selection == 0)
        #expect(
            driver.state.window.entries.map(\.article.title) == ["Article 4", "Article 2"],
            "most recently saved first, as the store orders them")
        driver.send(.refresh)
        #expect(driver.pendingRefreshes.isEmpty)
        #expect(driver.state.notice?.text.contains("nothing to refresh") == true)
    }

    @Test("n jumps to the next unread article, wrapping around; when none is left it says so")
    func nextUnread() {
        var driver = ViewModelDriver(count: 4)
        driver.send([.focusDetail, .focusList, .moveDown, .focusDetail, .focusList])
        driver.send(.moveToLast)
        driver.send(.nextUnread)
        #expect(driver.state.selection == 2, "wraps past the end to the first unread")
        driver.send(.nextUnread)
        #expect(driver.state.selection == 3)
        driver.send([.markAllRead])
        driver.send(.nextUnread)
        #expect(driver.state.selection == 3)
        #expect(driver.state.notice == Notice("No unread articles in World"))
    }

    @Test("A marks the whole feed read, beyond the rows in memory, and keeps the selection")
    func markAllRead() {
        var driver = ViewModelDriver(count: 500, listHeight: 10)
        driver.send([.pageDown, .moveDown])
        driver.send(.markAllRead)
        #expect(driver.entries.allSatisfy { $0.isRead })
        #expect(driver.state.window.entries.allSatisfy { $0.isRead })
        #expect(driver.state.selection == 11)
        #expect(driver.state.notice == Notice("Marked every article in World read"))
    }

    @Test("o hands the URL to the browser; with none it shows the URL")
    func browser() {
        var driver = ViewModelDriver(count: 2)
        driver.send([.moveDown, .openInBrowser])
        #expect(driver.openedURLs == ["https://www.nytimes.com/2026/11/20/test/article-1.html"])
        #expect(driver.state.notice == Notice("Opened in the browser"))
        driver.hasBrowser = false
        driver.send(.openInBrowser)
        #expect(
            driver.state.notice
                == Notice("No browser found (set BROWSER) — https://www.nytimes.com/2026/11/20/test/article-1.html", isError: true))
        driver.entries[0].article.url = ""
        driver.reload()
        driver.send(.moveUp)
        driver.send(.openInBrowser)
        #expect(driver.state.notice == Notice("This article has no web address"))
    }

    @Test("One article: every move stays on it, the detail opens and closes")
    func oneArticle() {
        var driver = ViewModelDriver(count: 1)
        driver.send([.moveDown, .pageDown, .moveToLast, .moveUp, .pageUp, .moveToFirst])
        #expect(driver.state.selection == 0)
        #expect(driver.state.top == 0)
        driver.send(.focusDetail)
        #expect(driver.state.focus == .detail)
        driver.send(.switchPane)
        #expect(driver.state.focus == .list)
        driver.send(.nextUnread)
        #expect(driver.state.notice == Notice("No unread articles in World"))
    }

    @Test("A cache that cannot be read is reported")
    func cacheFailure() {
        var driver = ViewModelDriver(count: 3)
        driver.cacheFailure = StoreError(.corrupt, cause: "database disk image is malformed")
        driver.send(.nextUnread)
        #expect(driver.state.cacheError?.code == .corrupt)
    }

    @Test("y copies only NYT links, says so, and says when copying is off")
    func copyLink() {
        var driver = ViewModelDriver(count: 3)
        driver.send(.copyLink)
        #expect(driver.copiedLinks == ["https://www.nytimes.com/2026/11/20/test/article-0.html"])
        #expect(driver.state.notice == Notice("Link copied to the clipboard (through the terminal)"))
        driver.entries[1].article.url = "javascript:alert(1)"
        driver.reload()
        driver.send([.moveDown, .copyLink])
        #expect(driver.copiedLinks.count == 1, "a hostile link is never copied")
        #expect(driver.state.notice == Notice("This article has no NYT link to copy", isError: true))
        driver.copyingLinks = false
        driver.send([.moveDown, .copyLink])
        #expect(driver.state.notice == Notice("Copying links is turned off (copy_links = false)"))
    }
}
