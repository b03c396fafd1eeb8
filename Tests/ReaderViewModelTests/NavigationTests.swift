import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

@Suite("Moving through the list")
struct NavigationTests {
    @Test("The first screen selects the first article and loads only a window")
    func start() {
        let driver = ViewModelDriver(count: 100_000, listHeight: 20)
        #expect(driver.state.count == 100_000)
        #expect(driver.state.selection == 0)
        #expect(driver.state.selectedEntry?.article.title == "Article 0")
        #expect(driver.largestRead <= 200)
    }

    @Test("Up at the first row stays; down moves and the detail follows")
    func firstRow() {
        var driver = ViewModelDriver(count: 5)
        driver.send(.moveUp)
        #expect(driver.state.selection == 0)
        driver.send(.moveDown)
        #expect(driver.state.selection == 1)
        #expect(driver.state.selectedEntry?.article.title == "Article 1")
    }

    @Test("Down at the last row stays")
    func lastRow() {
        var driver = ViewModelDriver(count: 3)
        driver.send([.moveDown, .moveDown, .moveDown, .moveDown])
        #expect(driver.state.selection == 2)
        #expect(driver.state.selectedEntry?.article.title == "Article 2")
    }

    @Test("An empty feed has no selection and moving does nothing")
    func emptyList() {
        var driver = ViewModelDriver(count: 0)
        driver.send([.moveDown, .moveUp, .pageDown, .moveToLast, .focusDetail])
        #expect(driver.state.count == 0)
        #expect(driver.state.selection == 0)
        #expect(driver.state.selectedEntry == nil)
        #expect(driver.state.focus == .list)
    }

    @Test("Paging and jumping keep the selection on screen and load what is shown")
    func paging() {
        var driver = ViewModelDriver(count: 100_000, listHeight: 20)
        driver.send(.moveToLast)
        #expect(driver.state.selection == 99_999)
        #expect(driver.state.top == 99_980)
        #expect(driver.state.selectedEntry?.article.title == "Article 99999")
        driver.send(.pageUp)
        #expect(driver.state.selection == 99_979)
        #expect(driver.state.visibleRange.contains(99_979))
        driver.send(.moveToFirst)
        #expect(driver.state.selection == 0)
        #expect(driver.state.top == 0)
        for _ in 0..<30 { driver.send(.pageDown) }
        #expect(driver.state.selection == 600)
        #expect(driver.state.selectedEntry?.article.title == "Article 600")
        #expect(driver.largestRead <= 200)
    }

    @Test("The list scrolls one row at a time past the bottom of the screen")
    func scrolling() {
        var driver = ViewModelDriver(count: 50, listHeight: 10)
        for _ in 0..<10 { driver.send(.moveDown) }
        #expect(driver.state.selection == 10)
        #expect(driver.state.top == 1)
        #expect(driver.state.visibleRange == 1..<11)
    }

    @Test("Focus moves to the detail and back; there, up and down scroll the detail")
    func focus() {
        var driver = ViewModelDriver(count: 5)
        driver.viewModel.setDetailScrollLimit(3)
        driver.send(.focusDetail)
        #expect(driver.state.focus == .detail)
        driver.send([.moveDown, .moveDown, .moveDown, .moveDown])
        #expect(driver.state.detailScroll == 3)
        #expect(driver.state.selection == 0)
        driver.send(.moveUp)
        #expect(driver.state.detailScroll == 2)
        driver.send(.focusList)
        driver.send(.moveDown)
        #expect(driver.state.selection == 1)
        #expect(driver.state.detailScroll == 0)
        driver.send(.switchPane)
        #expect(driver.state.focus == .detail)
        driver.send(.switchPane)
        #expect(driver.state.focus == .list)
    }

    @Test("PgUp/PgDn page by the height of the pane that has focus: list rows in the list, detail lines in the detail")
    func pagingByFocusedPane() {
        var driver = ViewModelDriver(count: 50, listHeight: 4)
        driver.viewModel.setDetailHeight(11)
        driver.viewModel.setDetailScrollLimit(100)
        driver.send(.pageDown)
        #expect(driver.state.selection == 4)
        driver.send([.focusDetail, .pageDown])
        #expect(driver.state.detailScroll == 11)
        driver.send(.pageDown)
        #expect(driver.state.detailScroll == 22)
        driver.send(.pageUp)
        #expect(driver.state.detailScroll == 11)
        #expect(driver.state.selection == 4)
        driver.send([.focusList, .pageUp])
        #expect(driver.state.selection == 0)
    }

    @Test("A new feed keeps the detail height the screen gave")
    func detailHeightSurvivesFeedSwitch() {
        var driver = ViewModelDriver(count: 5, listHeight: 4)
        driver.viewModel.setDetailHeight(11)
        driver.send([.pickSection, .moveDown, .focusDetail])
        #expect(driver.state.feed != .topStories(.world))
        #expect(driver.state.detailHeight == 11)
        #expect(driver.state.listHeight == 4)
    }

    @Test("q finishes the reader")
    func quit() {
        var driver = ViewModelDriver(count: 5)
        driver.send(.quit)
        #expect(driver.state.isFinished)
    }
}

@Suite("Refreshing")
struct RefreshTests {
    @Test(
        "Without a key, or offline by request, r does not start a refresh and the status says why",
        arguments: [
            RefreshFailure.noAPIKey, .offlineByRequest,
        ])
    func standingBlocker(blocker: RefreshFailure) {
        var driver = ViewModelDriver(count: 5, blocker: blocker)
        #expect(driver.state.refresh == .idle(blocker: blocker))
        driver.send(.refresh)
        #expect(driver.pendingRefreshes.isEmpty)
        #expect(driver.state.refresh == .failed(blocker))
    }

    @Test("A refresh keeps the selection on the same article")
    func keepsSelection() {
        var driver = ViewModelDriver(count: 10)
        driver.send([.moveDown, .moveDown, .moveDown])
        let selected = driver.state.selectedEntry?.id
        driver.send(.refresh)
        #expect(driver.state.refresh.isRunning)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
        driver.entries.insert(ArticleEntry(article: ArticleFactory.article(500)), at: 0)
        driver.entries.insert(ArticleEntry(article: ArticleFactory.article(501)), at: 0)
        driver.finishRefresh { .refreshed(RefreshChanges(total: 12, inserted: 2, updated: 0, removed: 0), $0) }
        #expect(driver.state.refresh == .succeeded(RefreshChanges(total: 12, inserted: 2, updated: 0, removed: 0)))
        #expect(driver.state.count == 12)
        #expect(driver.state.selection == 5)
        #expect(driver.state.selectedEntry?.id == selected)
    }

    @Test("A failed refresh is reported and the list stays")
    func failure() {
        var driver = ViewModelDriver(count: 10)
        driver.send(.moveDown)
        driver.send(.refresh)
        driver.finishRefresh { .failed(.server(status: 500), $0) }
        #expect(driver.state.refresh == .failed(.server(status: 500)))
        #expect(driver.state.count == 10)
        #expect(driver.state.selection == 1)
        #expect(driver.state.selectedEntry?.article.title == "Article 1")
    }

    @Test("A second r while refreshing does not start another")
    func noDoubleRefresh() {
        var driver = ViewModelDriver(count: 3)
        driver.send([.refresh, .refresh])
        #expect(driver.pendingRefreshes.count == 1)
    }
}
