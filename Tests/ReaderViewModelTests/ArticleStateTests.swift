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
        #expect(driver.effects.contains(.setRead(ArticleID("nyt://article/test-0"), true)))
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

    @Test("Saved is said once the star is written; a change that cannot be written is said until one is, and the rows show the cache again")
    func confirmedOnceWritten() {
        var driver = ViewModelDriver(count: 3)
        driver.holdWrites = true
        driver.send(.toggleSaved)
        #expect(driver.state.selectedEntry?.isSaved == true, "the star is drawn at once")
        #expect(driver.state.notice == nil, "not said before it is written")
        driver.holdWrites = false
        driver.answerWrites()
        #expect(driver.state.notice == Notice("Saved — S shows saved articles"))

        driver.holdWrites = true
        driver.send(.moveDown)
        driver.send(.toggleSaved)
        let full = StoreError(.diskFull, path: "cache.sqlite", cause: "database or disk is full")
        driver.pendingWrites.removeAll()
        driver.run(driver.viewModel.apply(.changeFailed(.cache(full))))
        #expect(driver.state.changeError == full)
        #expect(driver.state.selectedEntry?.isSaved == false, "the rows read again show the cache: no star")
        #expect(driver.state.changeError == full, "reading the rows again does not clear it")
        driver.send(.moveDown)
        #expect(driver.state.changeError == full, "nor does a key")
        driver.holdWrites = false
        driver.send(.toggleRead)
        #expect(driver.state.changeError == nil, "a change written clears it")

        // The rows read again may fail as the write did (the file deleted): the mark not written is undone at once.
        var unread = ViewModelDriver(count: 3)
        unread.holdWrites = true
        unread.send([.toggleSaved, .toggleRead])
        #expect(unread.state.selectedEntry?.isSaved == true && unread.state.selectedEntry?.isRead == true)
        unread.holdReads = true
        let id = try! #require(unread.state.selectedEntry?.id)
        unread.run(unread.viewModel.apply(.markNotWritten(id, read: nil, saved: false)))
        unread.run(unread.viewModel.apply(.markNotWritten(id, read: false, saved: nil)))
        #expect(unread.state.selectedEntry?.isSaved == false)
        #expect(unread.state.selectedEntry?.isRead == false)
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

    @Test("Esc from the saved articles goes back to the feed at the article selected before S, moved or not")
    func backFromSaved() {
        var driver = ViewModelDriver(count: 30, listHeight: 10)
        driver.send([.pageDown, .moveDown, .moveDown, .toggleSaved])
        #expect(driver.state.selectedEntry?.article.title == "Article 12")
        driver.send([.showSaved, .moveDown, .focusList])
        #expect(driver.state.feed == .topStories(.world))
        #expect(driver.state.selectedEntry?.article.title == "Article 12")
        #expect(driver.state.visibleRange.contains(driver.state.selection))
        // The feed changed meanwhile: two articles came in above it.
        driver.send(.showSaved)
        driver.feeds[.topStories(.world)]?.insert(contentsOf: (30..<32).map { ArticleEntry(article: ArticleFactory.article($0)) }, at: 0)
        driver.send(.focusList)
        #expect(driver.state.selection == 14)
        #expect(driver.state.selectedEntry?.article.title == "Article 12")
    }

    @Test("n opens the next unread article in the detail and marks it read, wrapping to the first unread; when none is left it says so")
    func nextUnread() {
        var driver = ViewModelDriver(count: 5)
        driver.send([.focusDetail, .focusList, .moveDown, .focusDetail, .focusList])
        driver.send(.moveToLast)
        driver.send(.nextUnread)
        #expect(driver.state.selection == 4, "the selected article, unread, is the next one")
        #expect(driver.state.focus == .detail)
        #expect(driver.state.selectedEntry?.isRead == true)
        #expect(driver.cached(ArticleID("nyt://article/test-4"))?.isRead == true, "read in the cache too")
        driver.send(.nextUnread)
        #expect(driver.state.selection == 2, "past the end, the first unread of the feed")
        #expect(driver.state.notice == Notice("No unread articles further down — back to the first unread"))
        #expect(driver.cached(ArticleID("nyt://article/test-2"))?.isRead == true)
        driver.send(.nextUnread)
        #expect(driver.state.selection == 3)
        #expect(driver.state.notice == nil)
        #expect(driver.state.feedStatus?.unreadCount == 0, "the count follows each mark")
        driver.send(.nextUnread)
        #expect(driver.state.selection == 3)
        #expect(driver.state.notice == Notice("No unread articles in World"))
    }

    @Test("n on an article whose row is not read yet marks it once the row arrives")
    func nextUnreadFarAway() {
        var driver = ViewModelDriver(count: 500, listHeight: 10)
        for index in 0..<300 { driver.entries[index].readDate = ViewModelDriver.now }
        driver.reload()
        driver.holdReads = true
        driver.send(.nextUnread)
        #expect(driver.state.selection == 300)
        #expect(driver.cached(ArticleID("nyt://article/test-300"))?.isRead == false, "not marked before it is known")
        driver.answerReads()
        #expect(driver.state.selectedEntry?.article.title == "Article 300")
        #expect(driver.state.selectedEntry?.isRead == true)
        #expect(driver.cached(ArticleID("nyt://article/test-300"))?.isRead == true)
        #expect(driver.state.focus == .detail)
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

    @Test("A after another process's refresh changed the feed, unseen: nothing is marked, the rows are read again and it says so")
    func markAllReadOfChangedFeed() {
        var driver = ViewModelDriver(count: 20)
        driver.entries.insert(ArticleEntry(article: ArticleFactory.article(99)), at: 0)
        driver.send(.markAllRead)
        #expect(!driver.entries.contains { $0.isRead }, "nothing marked")
        #expect(driver.state.notice == Notice("World changed before it was marked read; nothing was marked", isError: true))
        #expect(driver.state.count == 21, "the rows read again")
        driver.send(.markAllRead)
        #expect(driver.entries.allSatisfy { $0.isRead }, "as shown now")
    }

    @Test("o with no browser to open the article leaves it unread")
    func noBrowserLeavesUnread() {
        var driver = ViewModelDriver(count: 2)
        driver.hasBrowser = false
        driver.send(.openInBrowser)
        #expect(driver.state.notice?.isError == true)
        #expect(driver.state.selectedEntry?.isRead == false)
        #expect(driver.cached(ArticleID("nyt://article/test-0"))?.isRead == false)
        #expect(driver.state.feedStatus?.unreadCount == 2)
    }

    @Test("o hands the URL to the browser and marks the article read; with none it shows the URL")
    func browser() {
        var driver = ViewModelDriver(count: 2)
        driver.send([.moveDown, .openInBrowser])
        #expect(driver.openedURLs == ["https://www.nytimes.com/2026/11/20/test/article-1.html"])
        #expect(driver.state.notice == Notice("Opened in the browser"))
        #expect(driver.state.selectedEntry?.isRead == true)
        #expect(driver.cached(ArticleID("nyt://article/test-1"))?.isRead == true)
        #expect(driver.state.feedStatus?.unreadCount == 1)
        #expect(driver.state.wholeLinkShown == nil)
        driver.hasBrowser = false
        driver.send(.openInBrowser)
        #expect(
            driver.state.notice
                == Notice("No browser found (set BROWSER) — https://www.nytimes.com/2026/11/20/test/article-1.html", isError: true))
        #expect(driver.state.wholeLinkShown == ArticleID("nyt://article/test-1"), "the detail shows the address whole")
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
        #expect(driver.state.notice == Notice("Link sent to the terminal's clipboard (OSC 52)"))
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
