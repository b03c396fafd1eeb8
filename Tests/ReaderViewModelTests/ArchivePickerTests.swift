import Foundation
import NewsCore
import ReaderService
import Testing

@testable import ReaderViewModel

@Suite("Archive months in the reader")
struct ArchivePickerTests {
    static let latest = ArchiveMonth(containingDay: 21_000)
    static let march = Feed.archive(ArchiveMonth("2024-03", latest: latest)!)
    static let april = Feed.archive(ArchiveMonth("2024-04", latest: latest)!)

    @Test("The picker lists the months after the searches, newest first; Enter opens one from the cache; d forgets one")
    func picker() {
        var driver = ViewModelDriver(count: 5, isStale: true)
        let search = Feed.search(SearchQuery(text: "ocean"))
        driver.feeds[search] = []
        driver.feeds[Self.march] = []
        driver.feeds[Self.april] = []
        driver.send(.pickSection)
        #expect(driver.state.pickerFeeds == ReaderState.pickableFeeds + [search, Self.april, Self.march])
        driver.send(.moveToLast)
        driver.send(.focusDetail)
        #expect(driver.state.feed == Self.march)
        #expect(!driver.effects.contains(.refreshIfStale(Self.march, olderThan: nil)), "a month is not asked for again when opened")
        driver.send(.pickSection)
        driver.send(.moveToLast)
        driver.send(.forget)
        #expect(driver.effects.contains(.forget(Self.march)))
        #expect(driver.state.pickerFeeds.last == Self.april)
        #expect(driver.state.feed == ReaderState.pickableFeeds[0], "the forgotten month was on screen")
    }

    @Test("The picker's searches and months are read once the first rows show: keys typed at once after the first s act on the whole list")
    func pickerListsReadBeforeFirstOpening() throws {
        var driver = ViewModelDriver(count: 5, otherFeeds: [Self.march: [], Self.april: []])
        let start = driver.effects
        let rows = try #require(start.firstIndex { if case .loadFeed = $0 { return true } else { return false } })
        let lists = try #require(start.firstIndex(of: .loadPickerFeeds), "asked for before any s")
        #expect(rows < lists, "after the first rows")
        driver.holdPickerLists = true
        driver.send([.pickSection, .moveToLast])
        #expect(driver.state.pickerEntries.last == .feed(Self.march))
        #expect(driver.state.overlay == .sectionPicker(selection: driver.state.pickerEntries.count - 1))
        driver.answerPickerLists()
        #expect(driver.state.overlay == .sectionPicker(selection: driver.state.pickerEntries.count - 1), "the month stays highlighted")
        driver.send([.focusList, .moveDown, .moveDown])
        #expect(driver.pendingPickerLists == 0, "read again only when the picker opens")
    }

    @Test("An archive month on screen is never refreshed on its own")
    func noAutoRefresh() {
        var driver = ViewModelDriver(count: 5, feed: Self.march, autoRefreshInterval: 60)
        driver.wait(61)
        driver.wait(600)
        #expect(driver.pendingRefreshes.isEmpty)
    }
}
