import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

@Suite("Live search of the cache")
struct SearchTests {
    /// Ten articles; number 7 has a lead paragraph about glaciers.
    func driver() -> ViewModelDriver {
        var driver = ViewModelDriver(count: 10)
        driver.entries[7].article.leadParagraph = "Glaciers in the Alps retreat faster than expected."
        driver.entries[3].article.title = "Glacial pace of talks"
        return driver
    }

    @Test("Typing filters the list live; the rows are the hits")
    func live() {
        var driver = driver()
        driver.send([.moveDown, .moveDown])
        driver.send(.search)
        #expect(driver.state.search == SearchFilter(scope: driver.state.feed), "the feed on screen is searched first")
        #expect(driver.state.count == 10, "nothing typed yet: the feed stays")
        driver.type("gla")
        #expect(driver.state.search?.shownText == "gla")
        #expect(driver.state.count == 2)
        #expect(driver.state.window.entries.map(\.article.title) == ["Glacial pace of talks", "Article 7"], "title matches rank first")
        driver.type("ciers")
        #expect(driver.state.count == 1)
        #expect(driver.state.selection == 0)
        #expect(driver.state.selectedEntry?.article.title == "Article 7")
        #expect(driver.effects.filter { if case .search = $0 { return true } else { return false } }.count == 8)
    }

    @Test("A space after the last word searches it as a whole word; more spaces search nothing new")
    func trailingSpace() {
        var driver = driver()
        driver.entries[5].article.title = "Alpsee walks"
        let searches = { (driver: ViewModelDriver) in
            driver.effects.filter { if case .search = $0 { return true } else { return false } }.count
        }
        driver.send(.search)
        driver.type("alps")
        #expect(driver.state.count == 2, "a prefix while typing: Alps and Alpsee")
        driver.type(" ")
        #expect(driver.state.search?.shownText == "alps ")
        #expect(driver.state.count == 1)
        #expect(driver.state.selectedEntry?.article.title == "Article 7")
        let made = searches(driver)
        driver.type("  ")
        #expect(searches(driver) == made)
        #expect(driver.state.search?.words == "alps")
        #expect(driver.state.search?.query == "alps ")
        driver.edit(.deleteBackward)
        driver.edit(.deleteBackward)
        driver.edit(.deleteBackward)
        #expect(driver.state.search?.query == "alps")
        #expect(driver.state.count == 2)
    }

    @Test("Enter keeps the hits and gives the keys back; Esc then clears and the feed returns at the old selection")
    func keepThenClear() {
        var driver = driver()
        driver.send([.moveDown, .moveDown])
        driver.send(.search)
        driver.type("glaciers")
        driver.edit(.submit)
        #expect(driver.state.search?.isEditing == false)
        #expect(driver.state.count == 1)
        driver.send(.focusDetail)
        #expect(driver.state.focus == .detail)
        #expect(driver.state.selectedEntry?.article.title == "Article 7")
        driver.send(.focusList)
        #expect(driver.state.search != nil, "the first Esc only leaves the detail")
        driver.send(.focusList)
        #expect(driver.state.search == nil)
        #expect(driver.state.count == 10)
        #expect(driver.state.selection == 2)
        #expect(driver.state.selectedEntry?.article.title == "Article 2")
    }

    @Test("A with the hits kept: the feed's unread count follows the cache")
    func markAllReadWithHitsKept() {
        var driver = driver()
        driver.send(.search)
        driver.type("glaciers")
        driver.edit(.submit)
        #expect(driver.state.feedStatus?.unreadCount == 10)
        driver.send(.markAllRead)
        #expect(driver.state.search?.showsHits == true)
        #expect(driver.state.feedStatus?.unreadCount == 0)
    }

    @Test("Esc while typing clears the search")
    func cancel() {
        var driver = driver()
        driver.send(.moveDown)
        driver.send(.search)
        driver.type("glac")
        driver.edit(.cancel)
        #expect(driver.state.search == nil)
        #expect(driver.state.count == 10)
        #expect(driver.state.selectedEntry?.article.title == "Article 1")
    }

    @Test("No hits: an empty list that says so, and keys that move do nothing")
    func noHits() {
        var driver = driver()
        driver.send(.search)
        driver.type("zebra")
        #expect(driver.state.search?.shownText == "zebra")
        #expect(driver.state.search?.hitCount == 0)
        #expect(driver.state.count == 0)
        #expect(driver.state.selectedEntry == nil)
        driver.send([.moveDown, .moveToLast, .focusDetail, .toggleRead, .openInBrowser, .nextUnread])
        #expect(driver.state.selection == 0)
        #expect(driver.state.focus == .list)
        #expect(driver.openedURLs.isEmpty)
    }

    @Test("Deleting every letter shows the feed again; Enter on an empty field closes it")
    func backspace() {
        var driver = driver()
        driver.send(.search)
        driver.type("ab")
        driver.edit(.deleteBackward)
        driver.edit(.deleteBackward)
        #expect(driver.state.search?.isEditing == true)
        #expect(driver.state.search?.showsHits == false)
        #expect(driver.state.count == 10)
        driver.edit(.submit)
        #expect(driver.state.search == nil)
    }

    @Test("An answer for words no longer typed is dropped")
    func staleAnswer() {
        var driver = driver()
        driver.holdSearches = true
        driver.send(.search)
        driver.type("gla")
        driver.run(
            driver.viewModel.apply(.searchFinished("gl", in: driver.state.feed, [ArticleEntry(article: ArticleFactory.article(99))])))
        driver.run(driver.viewModel.apply(.searchFinished("gla", in: nil, [ArticleEntry(article: ArticleFactory.article(99))])))
        #expect(driver.state.search?.showsHits == false)
        #expect(driver.state.count == 10)
        driver.holdSearches = false
        driver.finishSearches()
        #expect(driver.state.search?.shownText == "gla")
        #expect(driver.state.count == 2)
    }

    @Test("Keys pressed after Enter, before the hits arrive (typed ahead or pasted), act on the hits, in order")
    func keysAwaitHits() {
        var driver = driver()
        driver.send([.moveDown, .moveDown])
        driver.holdSearches = true
        driver.send(.search)
        driver.type("glaciers")
        driver.edit(.submit)
        driver.send([.toggleSaved, .moveDown])
        #expect(driver.state.selectedEntry?.article.title == "Article 2", "the rows the search replaces")
        #expect(driver.state.selectedEntry?.savedDate == nil, "nothing acts on them")
        driver.holdSearches = false
        driver.finishSearches()
        #expect(driver.state.count == 1)
        #expect(driver.state.selectedEntry?.article.title == "Article 7")
        #expect(driver.state.selectedEntry?.savedDate != nil, "b saved the hit")
        driver.send(.focusList)
        driver.send(.focusList)
        #expect(driver.state.window.entries.first { $0.article.title == "Article 2" }?.savedDate == nil)

        var failing = self.driver()
        failing.holdSearches = true
        failing.send(.search)
        failing.type("glaciers")
        failing.edit(.submit)
        failing.send(.moveDown)
        failing.run(failing.viewModel.apply(.cacheFailed(.cache(StoreError(.busy, path: "cache.sqlite", cause: "locked")))))
        #expect(failing.state.selection == 1, "a failed search gives the keys back, to the rows as they are")
        failing.send(.moveDown)
        #expect(failing.state.selection == 2)

        var slow = self.driver()
        slow.holdSearches = true
        slow.send(.search)
        slow.type("glaciers")
        slow.edit(.submit)
        slow.send([.toggleSaved, .focusList])
        #expect(slow.state.search == nil, "Esc leaves a search still on its way")
        slow.send(.moveDown)
        #expect(slow.state.selection == 1, "the keys are the feed's again; the ones held are dropped")
        #expect(slow.state.window.entries.allSatisfy { $0.savedDate == nil })
    }

    @Test("A refresh that fails while searching is reported and the hits stay")
    func refreshFailureWhileSearching() {
        var driver = driver()
        driver.send(.search)
        driver.type("glaciers")
        driver.edit(.submit)
        driver.send(.refresh)
        #expect(driver.state.refresh.isRunning)
        driver.finishRefresh { .failed(.offline, $0) }
        #expect(driver.state.refresh == .failed(.offline))
        #expect(driver.state.search?.shownText == "glaciers")
        #expect(driver.state.count == 1)
        #expect(driver.state.selectedEntry?.article.title == "Article 7")
    }

    @Test("A refresh that succeeds while searching runs the search again")
    func refreshWhileSearching() {
        var driver = driver()
        driver.send(.search)
        driver.type("glaciers")
        driver.send(.refresh)
        driver.entries.append(ArticleEntry(article: ArticleFactory.article(50, title: "Glaciers and the sea")))
        driver.finishRefresh { .refreshed(RefreshChanges(total: 11, inserted: 1, updated: 0, removed: 0), $0) }
        #expect(driver.state.count == 2)
        #expect(driver.state.selectedEntry?.article.title == "Article 7", "the selection stays on the same article")
    }

    @Test("n moves to the next unread hit")
    func nextUnreadHit() {
        var driver = driver()
        driver.send(.search)
        driver.type("gla")
        driver.edit(.submit)
        driver.send(.focusDetail)
        driver.send(.focusList)
        driver.send(.nextUnread)
        #expect(driver.state.selection == 1)
        driver.send(.focusDetail)
        driver.send(.focusList)
        driver.send(.nextUnread)
        #expect(driver.state.notice == Notice("No unread articles among the hits"))
    }
}
