import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

@Suite("The trend overlay (t)")
struct TrendOverlayTests {
    /// An archive of `years` (2001 … by default 2010) with 2004 not imported: 1,000 articles a year, the
    /// term matching 10 times the year's last two digits (none in 2007).
    static func archive(years: ClosedRange<Int> = 2001...2010) -> (TrendQuery) -> Trend {
        { query in
            let periods: [TrendPeriod] =
                query.interval == .year
                ? years.map(TrendPeriod.init(year:))
                : years.flatMap { year in
                    (1...12).map { TrendPeriod(ArchiveMonth(year: year, month: $0, latest: ArchiveMonth(containingDay: 30_000))!) }
                }
            let coverage = periods.map { period in
                let imported = period.year != 2004
                let months = period.month == nil ? 12 : 1
                return TrendCoverage(
                    period: period, monthCount: months, importedMonthCount: imported ? months : 0, articleCount: imported ? 1_000 : 0)
            }
            let matches = coverage.map { $0.isImported ? ($0.period.year == 2007 ? 0 : 10 * ($0.period.year % 100)) : nil }
            return Trend(interval: query.interval, coverage: coverage, series: query.terms.map { TrendSeries(term: $0, matches: matches) })
        }
    }

    /// A reader with ten articles, the archive above, and `climate` kept as the `/` search.
    static func searched() -> ViewModelDriver {
        var driver = ViewModelDriver(count: 10)
        driver.entries[3].article.title = "Climate talks resume"
        driver.archiveTrend = archive()
        driver.send(.search)
        driver.type("climate")
        driver.edit(.submit)
        return driver
    }

    static func overlay(_ driver: ViewModelDriver) -> TrendOverlay? {
        guard case .trend(let overlay) = driver.state.overlay else { return nil }
        return overlay
    }

    @Test("t charts the kept / search's words by year, the newest imported year highlighted")
    func open() throws {
        var driver = Self.searched()
        driver.send(.trend)
        #expect(driver.effects.last == .loadTrend(TrendQuery(terms: ["climate"], interval: .year)))
        let overlay = try #require(Self.overlay(driver))
        #expect(overlay.term == "climate")
        #expect(overlay.trend?.periods.count == 10)
        #expect(overlay.selected?.coverage.period == TrendPeriod(year: 2010))
        #expect(overlay.selected?.matches == 100)
        #expect(driver.state.search?.shownText == "climate", "the search stays under the chart")
    }

    @Test("While the counts are read the overlay waits and the screen goes on; closed, a late answer is dropped")
    func counting() throws {
        var driver = Self.searched()
        driver.holdTrends = true
        driver.send(.trend)
        #expect(Self.overlay(driver) == TrendOverlay(term: "climate"))
        driver.send(.focusList)
        #expect(driver.state.overlay == nil, "Esc closes it while counting")
        driver.answerTrends()
        #expect(driver.state.overlay == nil)
        driver.send(.trend)
        driver.send(.trend)
        #expect(driver.state.overlay == nil, "t closes it too")
    }

    @Test("← and → move along the periods, Home and End to the ends, and stop there")
    func move() throws {
        var driver = Self.searched()
        driver.send(.trend)
        var keys: [TrendOverlayKey] = [.previous, .previous]
        for key in keys { driver.send(key) }
        #expect(Self.overlay(driver)?.selected?.coverage.period == TrendPeriod(year: 2008))
        driver.send(TrendOverlayKey.first)
        driver.send(TrendOverlayKey.previous)
        #expect(Self.overlay(driver)?.selection == 0)
        keys = [.last, .next, .next]
        for key in keys { driver.send(key) }
        #expect(Self.overlay(driver)?.selection == 9)
        driver.send([.moveUp, .moveUp, .moveDown])
        #expect(Self.overlay(driver)?.selection == 8, "up and down (and the wheel) move too")
        driver.send(.moveToFirst)
        #expect(Self.overlay(driver)?.selection == 0)
    }

    @Test("Enter opens the highlighted period's matching articles as a feed; a gap or no match says so")
    func openPeriod() throws {
        var driver = Self.searched()
        driver.send(.trend)
        for _ in 0..<6 { driver.send(TrendOverlayKey.previous) }
        #expect(Self.overlay(driver)?.selected?.coverage.period == TrendPeriod(year: 2004))
        driver.send(TrendOverlayKey.open)
        #expect(driver.state.notice?.text == "2004 is not imported: nytreader archive 2004 imports it")
        #expect(Self.overlay(driver) != nil)
        for _ in 0..<3 { driver.send(TrendOverlayKey.next) }
        driver.send(.focusDetail)
        #expect(driver.state.notice?.text == "No article of 2007 matches “climate”")
        driver.send(TrendOverlayKey.previous)
        driver.send(.focusDetail)
        let feed = Feed.archiveMatches(ArchiveMatches(term: "climate", period: TrendPeriod(year: 2006)))
        #expect(driver.state.overlay == nil)
        #expect(driver.state.feed == feed)
        #expect(driver.state.search == nil, "the feed replaces the search")
        #expect(driver.effects.contains(.loadFeed(feed, filter: .all, anchor: nil)))
        #expect(!driver.effects.contains(.refresh(feed)), "read from the cache, never asked of the NYT")
        #expect(driver.state.feed.title == "“climate” in 2006")

        // t on the matches charts the same words again, at the period on screen.
        driver.send(.trend)
        #expect(Self.overlay(driver)?.selected?.coverage.period == TrendPeriod(year: 2006))
        driver.send(.refresh)
        #expect(Self.overlay(driver)?.selection == 5, "other keys do nothing in the chart")
        driver.send(TrendOverlayKey.close)
        driver.send(.refresh)
        #expect(driver.state.notice?.text == "The archive's matches live in the cache; there is nothing to refresh")
    }

    @Test("The words of an NYT search (f) on screen are charted too")
    func nytSearchFeed() {
        var driver = ViewModelDriver(count: 3, feed: .search(SearchQuery(text: "election", beginDate: "20240101")))
        driver.archiveTrend = Self.archive()
        driver.send(.trend)
        #expect(driver.effects.last == .loadTrend(TrendQuery(terms: ["election"], interval: .year)))
        #expect(Self.overlay(driver)?.term == "election")
    }

    @Test("Without a search, t says what it needs and opens nothing")
    func noSearch() {
        var driver = ViewModelDriver(count: 3)
        driver.send(.trend)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.notice?.text == "t charts a search over the archive: search with / or f first")
        #expect(!driver.effects.contains { if case .loadTrend = $0 { return true } else { return false } })
        driver.send(.search)
        driver.type("  ")
        driver.edit(.submit)
        driver.send(.trend)
        #expect(driver.state.overlay == nil, "spaces are no search")
        for punctuation in ["...", "(", "😀"] {
            var searched = ViewModelDriver(count: 3)
            searched.send(.search)
            searched.type(punctuation)
            searched.edit(.submit)
            searched.send(.trend)
            #expect(searched.state.overlay == nil, "\(punctuation)")
            #expect(searched.state.notice?.text == "“\(punctuation)” has no word to chart")
            #expect(!searched.effects.contains { if case .loadTrend = $0 { return true } else { return false } })
        }
    }

    @Test("With no archive month imported, the chart closes and the status line says so")
    func noArchive() {
        var driver = Self.searched()
        driver.archiveTrend = { Trend(interval: $0.interval, coverage: [], series: [TrendSeries(term: "climate", matches: [])]) }
        driver.send(.trend)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.notice?.text == "No archive month is imported: nytreader archive 2024 imports a year")
    }

    @Test("A few years are charted by month")
    func fewYears() throws {
        var driver = Self.searched()
        driver.archiveTrend = Self.archive(years: 2023...2024)
        driver.send(.trend)
        #expect(
            driver.effects.suffix(2) == [
                .loadTrend(TrendQuery(terms: ["climate"], interval: .year)), .loadTrend(TrendQuery(terms: ["climate"], interval: .month)),
            ])
        let overlay = try #require(Self.overlay(driver))
        #expect(overlay.trend?.interval == .month)
        #expect(overlay.trend?.periods.count == 24)
        #expect(overlay.selected?.coverage.period.description == "2024-12")
    }

    @Test("A cache that cannot be read closes the chart and shows the failure")
    func failure() {
        var driver = Self.searched()
        driver.cacheFailure = StoreError(.corrupt, cause: "file is not a database")
        driver.send(.trend)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.cacheError?.code == .corrupt)
    }

    @Test("Ctrl-C (quit) still quits over the chart; a click closes it")
    func quitAndClick() {
        var driver = Self.searched()
        driver.send(.trend)
        driver.run(driver.viewModel.click(.detail))
        #expect(driver.state.overlay == nil)
        driver.send(.trend)
        driver.send(.quit)
        #expect(driver.state.isFinished)
    }
}
