import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

@Suite("Help, section picker, feeds and launch")
struct OverlayTests {
    @Test("? opens the help; any key closes it without acting; q quits from it")
    func help() {
        var driver = ViewModelDriver(count: 5)
        driver.send(.help)
        #expect(driver.state.overlay == .help)
        driver.send(.moveDown)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.selection == 0)
        driver.send([.help, .quit])
        #expect(driver.state.isFinished)
    }

    @Test("A key bound to no action closes the help too, and otherwise does nothing")
    func unboundKey() {
        var driver = ViewModelDriver(count: 5)
        driver.send([.moveDown, .help])
        driver.viewModel.handleUnboundKey()
        #expect(driver.state.overlay == nil)
        #expect(driver.state.selection == 1)
        driver.send(.pickSection)
        driver.viewModel.handleUnboundKey()
        #expect(
            driver.state.overlay == .sectionPicker(selection: ReaderState.pickableFeeds.firstIndex(of: driver.state.feed)!),
            "the picker stays")
        driver.send(.focusList)
        driver.viewModel.handleUnboundKey()
        #expect(driver.state.overlay == nil && driver.state.selection == 1 && driver.state.focus == .list)
    }

    @Test("s opens the picker on the current feed; moving, Enter switches and loads the new feed")
    func picker() {
        var driver = ViewModelDriver(count: 5)
        driver.feeds[.topStories(.home)] = (20..<23).map { ArticleEntry(article: ArticleFactory.article($0)) }
        driver.send(.moveDown)
        driver.send(.pickSection)
        let world = ReaderState.pickableFeeds.firstIndex(of: .topStories(.world))!
        #expect(driver.state.overlay == .sectionPicker(selection: world))
        driver.send(.moveToLast)
        #expect(driver.state.overlay == .sectionPicker(selection: ReaderState.pickableFeeds.count - 1))
        driver.send(.moveDown)
        #expect(driver.state.overlay == .sectionPicker(selection: ReaderState.pickableFeeds.count - 1))
        driver.send(.moveToFirst)
        driver.send(.moveUp)
        #expect(driver.state.overlay == .sectionPicker(selection: 0))
        let home = ReaderState.pickableFeeds.firstIndex(of: .topStories(.home))!
        for _ in 0..<home { driver.send(.moveDown) }
        driver.send(.focusDetail)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.feed == .topStories(.home))
        #expect(driver.state.count == 3)
        #expect(driver.state.selection == 0)
        #expect(driver.state.selectedEntry?.article.title == "Article 20")
        #expect(driver.state.listHeight == 10)
    }

    @Test("PgUp/PgDn in the picker move by the picker's own rows, not the list's, in every feed")
    func pickerPaging() {
        var driver = ViewModelDriver(count: 5, listHeight: 10)
        driver.viewModel.setPickerHeight(4)
        driver.send([.pickSection, .moveToFirst, .pageDown])
        #expect(driver.state.overlay == .sectionPicker(selection: 4))
        driver.send(.pageDown)
        #expect(driver.state.overlay == .sectionPicker(selection: 8))
        driver.send(.pageUp)
        #expect(driver.state.overlay == .sectionPicker(selection: 4))
        driver.send([.pageUp, .pageUp])
        #expect(driver.state.overlay == .sectionPicker(selection: 0))
        driver.send([.focusList, .showSaved, .pickSection, .pageUp])
        #expect(
            driver.state.overlay == .sectionPicker(selection: ReaderState.pickableFeeds.count - 5), "a new feed keeps the picker's page")
    }

    @Test("Esc closes the picker and nothing changes")
    func pickerCancel() {
        var driver = ViewModelDriver(count: 5)
        driver.send([.pickSection, .moveDown, .focusList])
        #expect(driver.state.overlay == nil)
        #expect(driver.state.feed == .topStories(.world))
    }

    @Test("Leaving a feed while it refreshes stops the refresh; its late answer is ignored")
    func leaveWhileRefreshing() {
        var driver = ViewModelDriver(count: 5)
        driver.send(.refresh)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
        driver.send(.showSaved)
        #expect(driver.effects.contains(.cancelRefresh))
        #expect(driver.state.refresh == .idle(blocker: nil))
        driver.run(
            driver.viewModel.apply(
                .refreshFinished(.topStories(.world), .failed(.server(status: 500), driver.status(of: .topStories(.world))))))
        #expect(driver.state.refresh == .idle(blocker: nil))
        #expect(driver.state.feed == .saved)
    }

    @Test("On launch a stale cache is refreshed in the background; a fresh one is not")
    func launch() {
        let stale = ViewModelDriver(count: 5, isStale: true)
        #expect(stale.pendingRefreshes == [.topStories(.world)])
        #expect(stale.state.refresh.isRunning)
        let fresh = ViewModelDriver(count: 5, isStale: false)
        #expect(fresh.pendingRefreshes.isEmpty)
        #expect(fresh.state.refresh == .idle(blocker: nil))
        let noKey = ViewModelDriver(count: 5, blocker: .noAPIKey, isStale: true)
        #expect(noKey.pendingRefreshes.isEmpty)
        #expect(noKey.state.refresh == .idle(blocker: .noAPIKey))
    }

    @Test("An empty feed: nothing to open, mark or search, and the refresh still works")
    func emptyFeed() {
        var driver = ViewModelDriver(count: 0)
        let before = driver.effects.count
        driver.send([.focusDetail, .toggleRead, .toggleSaved, .openInBrowser, .nextUnread, .markAllRead])
        #expect(driver.effects.count == before)
        #expect(driver.state.focus == .list)
        driver.send(.refresh)
        driver.entries = (0..<2).map { ArticleEntry(article: ArticleFactory.article($0)) }
        driver.finishRefresh { .refreshed(RefreshChanges(total: 2, inserted: 2, updated: 0, removed: 0), $0) }
        #expect(driver.state.count == 2)
        #expect(driver.state.selectedEntry?.article.title == "Article 0")
    }
}
