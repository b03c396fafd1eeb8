import NewsCore
import TestSupport
import Testing

@testable import ReaderViewModel

/// Answers from the service that arrive after the reader moved on: they must not pull the selection back.
@Suite("Answers that arrive late")
struct StaleAnswerTests {
    @Test("r, then moving while the reordered feed is read again: the selection stays on the article moved to")
    func movedDuringReload() {
        var driver = ViewModelDriver(count: 20)
        driver.send([.moveDown, .moveDown])
        driver.send(.refresh)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
        // The refresh stores the feed in reverse order; the reads after it are slow.
        driver.entries.reverse()
        driver.holdReads = true
        driver.finishRefresh { .refreshed(RefreshChanges(total: 20, inserted: 0, updated: 20, removed: 0), $0) }
        #expect(driver.pendingReads.count == 1)
        driver.send([.moveDown, .moveDown])
        #expect(driver.state.selectedEntry?.article.title == "Article 4")
        driver.answerReads()
        driver.answerReads()
        driver.answerReads()
        #expect(driver.pendingReads.isEmpty)
        #expect(driver.state.selectedEntry?.article.title == "Article 4", "the article selected when the answer came")
        #expect(driver.state.selection == 15, "at its place in the new order")
    }

    @Test("An answer for rows of an older order is dropped; the newer one is shown")
    func olderWindowDropped() {
        var driver = ViewModelDriver(count: 50, listHeight: 5)
        driver.holdReads = true
        driver.send(.refresh)
        driver.entries.reverse()
        driver.finishRefresh { .refreshed(RefreshChanges(total: 50, inserted: 0, updated: 50, removed: 0), $0) }
        driver.answerReads()
        // The feed's status came back and asked for rows; before they arrive, the cache changes again.
        let olderRead = driver.pendingReads
        #expect(olderRead.count == 1)
        driver.pendingReads.removeAll()
        let reversed = driver.entries
        driver.entries.reverse()
        driver.reload()
        driver.answerReads()
        driver.answerReads()
        #expect(windowMatchesCache(driver))
        // The answer to the first read, computed from the reversed order, arrives last.
        let current = driver.entries
        driver.entries = reversed
        driver.pendingReads = olderRead
        driver.answerReads()
        driver.entries = current
        #expect(windowMatchesCache(driver), "the late answer of the older order is dropped")
    }

    @Test("r adds articles above the selection: until their rows arrive, the rows held move with the selected article")
    func rowsHeldFollowTheAnchor() {
        var driver = ViewModelDriver(count: 20)
        driver.send([.moveDown, .moveDown])
        driver.send(.refresh)
        driver.entries.insert(contentsOf: (20..<23).map { ArticleEntry(article: ArticleFactory.article($0)) }, at: 0)
        driver.holdReads = true
        driver.finishRefresh { .refreshed(RefreshChanges(total: 23, inserted: 3, updated: 0, removed: 0), $0) }
        // The feed's status and the selected article's new place come back; its rows are still being read.
        driver.answerReads()
        #expect(driver.pendingReads.count == 1)
        #expect(driver.state.selection == 5)
        #expect(driver.state.selectedEntry?.article.title == "Article 2", "the frame drawn now highlights the article selected")
        let heldRowsMatch = windowMatchesCache(driver)
        #expect(heldRowsMatch, "each row held is the cached article at its new position")
        driver.answerReads()
        #expect(driver.state.selectedEntry?.article.title == "Article 2")
        let newRowsMatch = windowMatchesCache(driver)
        #expect(newRowsMatch)
    }

    @Test("r drops the selected article from the feed: until the rows arrive, no other article is shown as selected")
    func goneAnchorShowsNoOtherArticle() {
        var driver = ViewModelDriver(count: 20)
        driver.send([.moveDown, .moveDown])
        driver.send(.refresh)
        driver.entries.remove(at: 2)
        driver.holdReads = true
        driver.finishRefresh { .refreshed(RefreshChanges(total: 19, inserted: 0, updated: 0, removed: 1), $0) }
        driver.answerReads()
        #expect(driver.pendingReads.count == 1)
        #expect(driver.state.selection == 2)
        #expect(driver.state.selectedEntry == nil, "the rows held are of the order before: none is shown as this place's")
        driver.answerReads()
        #expect(driver.state.selectedEntry?.article.title == "Article 3")
        let newRowsMatch = windowMatchesCache(driver)
        #expect(newRowsMatch)
    }

    @Test("The article read in the detail leaves the feed: the detail closes and says so, where it went on with the next article")
    func goneWhileReading() {
        var driver = ViewModelDriver(count: 20)
        driver.send([.moveDown, .moveDown, .focusDetail])
        #expect(driver.state.focus == .detail)
        driver.entries.remove(at: 2)
        driver.reload()
        #expect(driver.state.focus == .list)
        #expect(driver.state.notice == Notice("The article you were reading is no longer in this feed"))
        var staying = ViewModelDriver(count: 20)
        staying.send([.moveDown, .moveDown, .focusDetail])
        staying.entries.remove(at: 0)
        staying.reload()
        #expect(staying.state.focus == .detail, "an article still there stays open")
        #expect(staying.state.selectedEntry?.article.title == "Article 2")
    }

    /// Whether every row in memory is the cached article at its position.
    func windowMatchesCache(_ driver: ViewModelDriver) -> Bool {
        let window = driver.state.window
        return !window.entries.isEmpty
            && window.entries.enumerated().allSatisfy { offset, entry in
                driver.entries[window.start + offset].id == entry.id
            }
    }
}
