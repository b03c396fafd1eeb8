import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

@Suite("Searching the NYT from the reader")
struct NYTSearchTests {
    static let climate = Feed.search(SearchQuery(text: "climate", beginDate: "20240101"))

    @Test("The prompt edits like a shell line: arrows, Home/End, Backspace, Ctrl-U, Ctrl-W")
    func lineEditing() {
        var driver = ViewModelDriver(count: 5)
        driver.send(.nytSearch)
        driver.type("climate change")
        driver.edit(.deleteWordBackward)
        #expect(driver.state.prompt?.editor.text == "climate ")
        driver.type("policy")
        driver.edit(.moveToStart)
        driver.type("US ")
        #expect(driver.state.prompt?.editor.text == "US climate policy")
        driver.edit(.moveRight)
        driver.edit(.moveLeft)
        driver.edit(.moveLeft)
        driver.edit(.deleteBackward)
        #expect(driver.state.prompt?.editor.text == "U climate policy")
        #expect(driver.state.prompt?.editor.split.before == "U")
        driver.edit(.moveToEnd)
        driver.edit(.deleteToStart)
        #expect(driver.state.prompt?.editor.text == "")
        driver.type("x")
        driver.edit(.cancel)
        #expect(driver.state.prompt == nil)
        #expect(driver.effects.allSatisfy { if case .refresh = $0 { return false } else { return true } })
    }

    @Test("Enter opens the search as a feed at once and asks the NYT for it")
    func submit() {
        var driver = ViewModelDriver(count: 5)
        driver.send(.nytSearch)
        driver.type("climate from:2024-01-01")
        driver.edit(.submit)
        #expect(driver.state.prompt == nil)
        #expect(driver.state.feed == Self.climate)
        #expect(driver.state.feed.title == "Search “climate” · from 1 Jan 2024")
        #expect(driver.state.refresh.isRunning)
        #expect(driver.pendingRefreshes == [Self.climate])
    }

    @Test("A bad operator value is a one-line message; nothing is asked and the prompt stays")
    func badOperator() {
        var driver = ViewModelDriver(count: 5)
        driver.send(.nytSearch)
        driver.type("climate sort:best")
        driver.edit(.submit)
        #expect(driver.state.prompt?.problem?.hasPrefix("sort: takes newest, oldest or relevance") == true)
        #expect(driver.state.feed == .topStories(.world))
        #expect(driver.pendingRefreshes.isEmpty)
        driver.edit(.deleteWordBackward)
        #expect(driver.state.prompt?.problem == nil)
    }

    @Test("Reaching the last row asks for the next page once; it arrives after the rows shown")
    func paging() {
        var driver = ViewModelDriver(count: 10, feed: Self.climate, totalHits: 2_314)
        #expect(driver.state.feedStatus?.hasMorePages == true)
        driver.send(.moveDown)
        #expect(driver.pendingMorePages.isEmpty)
        driver.send(.moveToLast)
        #expect(driver.pendingMorePages == [Self.climate])
        #expect(driver.state.morePages == .loading)
        #expect(driver.state.showsMorePagesRow)
        // The row about the next page is on screen under the last article.
        #expect(driver.state.top + driver.state.listHeight >= driver.state.listRowCount)
        driver.send(.moveToLast)
        #expect(driver.pendingMorePages.count == 1)
        let selected = driver.state.selectedEntry?.id
        driver.finishMorePages()
        #expect(driver.state.morePages == .idle)
        #expect(driver.state.count == 20)
        #expect(driver.state.selectedEntry?.id == selected)
        #expect(driver.state.feedStatus?.count == 20)
        driver.send(.moveDown)
        #expect(driver.state.selection == 10)
        #expect(driver.state.selectedEntry?.id == ArticleFactory.article(10).id)
    }

    @Test("The spacing wait and a failure are shown on the last row; a failure keeps the rows and is retried at the end")
    func pagingStates() {
        var driver = ViewModelDriver(count: 10, feed: Self.climate, totalHits: 2_314)
        driver.send(.moveToLast)
        let until = ViewModelDriver.now.addingTimeInterval(9)
        driver.run(driver.viewModel.apply(.morePagesWaiting(Self.climate, until: until)))
        #expect(driver.state.morePages == .waiting(until: until))
        driver.finishMorePages(failure: .server(status: 503))
        #expect(driver.state.morePages == .failed("NYT server error 503"))
        #expect(driver.state.count == 10)
        driver.send(.moveUp)
        driver.send(.moveDown)
        #expect(driver.pendingMorePages == [Self.climate])
    }

    @Test("No request past the last page, nor for feeds that are not searches")
    func lastPage() {
        var complete = ViewModelDriver(count: 10, feed: Self.climate, totalHits: 10)
        complete.send(.moveToLast)
        #expect(complete.pendingMorePages.isEmpty)
        #expect(!complete.state.showsMorePagesRow)
        var world = ViewModelDriver(count: 10, totalHits: 100)
        world.send(.moveToLast)
        #expect(world.pendingMorePages.isEmpty)
    }

    @Test("The picker lists the searches made after the fixed feeds; d forgets one, Enter opens one and refreshes it when stale")
    func pickerSearches() {
        var driver = ViewModelDriver(count: 5, isStale: true)
        let other = Feed.search(SearchQuery(text: "ocean"))
        driver.feeds[Self.climate] = []
        driver.feeds[other] = []
        driver.send(.pickSection)
        #expect(driver.state.pickerFeeds == ReaderState.pickableFeeds + [Self.climate, other])
        driver.send(.moveToLast)
        driver.send(.forget)
        #expect(driver.effects.contains(.forget(other)))
        #expect(driver.state.pickerFeeds.last == Self.climate)
        #expect(driver.state.overlay == .sectionPicker(selection: ReaderState.pickableFeeds.count))
        driver.send(.focusDetail)
        #expect(driver.state.feed == Self.climate)
        #expect(driver.effects.contains(.refreshIfStale(Self.climate)))
        #expect(driver.state.refresh.isRunning)
        driver.send(.pickSection)
        driver.send(.moveToFirst)
        driver.send(.forget)
        #expect(driver.state.notice?.text == "Only searches and archive months can be forgotten")
    }
}
