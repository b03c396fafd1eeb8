import Foundation
import NewsCore
import ReaderService
import Testing

@testable import ReaderViewModel

@Suite("Refreshing on its own while the reader is open")
struct AutoRefreshTests {
    @Test("The feed on screen is refreshed every interval, without a key")
    func interval() {
        var driver = ViewModelDriver(count: 5, autoRefreshInterval: 600)
        driver.wait(599)
        #expect(driver.pendingRefreshes.isEmpty)
        driver.wait(1)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
        driver.finishRefresh { .refreshed(RefreshChanges(total: 5, inserted: 0, updated: 0, removed: 0), $0) }
        driver.wait(300)
        #expect(driver.pendingRefreshes.isEmpty)
        driver.wait(300)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
    }

    @Test("A wall clock set back a day or forward a day moves the next refresh neither later nor sooner")
    func wallClockChanges() {
        var back = ViewModelDriver(count: 5, autoRefreshInterval: 600)
        back.clock.setWallClock(by: -86_400)
        back.wait(600)
        #expect(back.pendingRefreshes == [.topStories(.world)])
        back.finishRefresh { .failed(.offline, $0) }
        back.clock.setWallClock(by: -3_600)
        back.wait(1)
        let retry = try! #require(back.state.retryDate)
        #expect(retry.timeIntervalSince(back.clock.now) == 29, "the status line counts down from the clock as it is now")
        back.wait(28)
        #expect(back.pendingRefreshes.isEmpty)
        back.wait(1)
        #expect(back.pendingRefreshes == [.topStories(.world)], "retried 30 s later")
        back.finishRefresh { .failed(.rateLimited(retryAfter: 20), $0) }
        back.clock.setWallClock(by: 86_400)
        back.wait(1)
        let ends = try! #require(back.state.rateLimitEnds)
        #expect(ends.timeIntervalSince(back.clock.now) == 19, "the rate limit counted down from the clock as it is now")

        var forward = ViewModelDriver(count: 5, autoRefreshInterval: 600)
        forward.clock.setWallClock(by: 86_400)
        forward.wait(1)
        #expect(forward.pendingRefreshes.isEmpty)
        forward.wait(598)
        #expect(forward.pendingRefreshes.isEmpty)
    }

    @Test("Offline, it retries after 30 s, 1, 2, 4, 8 min, then every 15 min, and says so; r retries at once")
    func backoff() {
        var driver = ViewModelDriver(count: 5, autoRefreshInterval: 600)
        driver.wait(600)
        var waits: [TimeInterval] = []
        for _ in 0..<7 {
            driver.finishRefresh { .failed(.offline, $0) }
            let retry = try! #require(driver.state.retryDate)
            waits.append(retry.timeIntervalSince(driver.clock.now))
            driver.wait(waits.last! - 1)
            #expect(driver.pendingRefreshes.isEmpty)
            driver.wait(1)
            #expect(driver.pendingRefreshes == [.topStories(.world)])
        }
        #expect(waits == [30, 60, 120, 240, 480, 900, 900])
        driver.finishRefresh { .failed(.offline, $0) }
        #expect(driver.state.retryDate != nil)
        driver.send(.refresh)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
        driver.finishRefresh { .refreshed(RefreshChanges(total: 5, inserted: 0, updated: 0, removed: 0), $0) }
        #expect(driver.state.retryDate == nil)
    }

    @Test("Off at 0, never without a key, and not once the day's requests reached the NYT's limit")
    func limits() {
        var off = ViewModelDriver(count: 5, autoRefreshInterval: 0)
        off.wait(100_000)
        #expect(off.pendingRefreshes.isEmpty)

        var noKey = ViewModelDriver(count: 5, blocker: .noAPIKey, autoRefreshInterval: 60)
        noKey.wait(61)
        #expect(noKey.pendingRefreshes.isEmpty)

        var spent = ViewModelDriver(count: 5, autoRefreshInterval: 60)
        spent.requestsToday = 500
        spent.reload()
        spent.wait(61)
        #expect(spent.pendingRefreshes.isEmpty)
        spent.requestsToday = 3
        spent.reload()
        spent.wait(61)
        #expect(spent.pendingRefreshes == [.topStories(.world)])
    }

    @Test("Never more often than 5 a minute, whatever the setting")
    func floor() {
        var driver = ViewModelDriver(count: 5, autoRefreshInterval: 3)
        driver.wait(11)
        #expect(driver.pendingRefreshes.isEmpty)
        driver.wait(1)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
    }

    @Test("A search with more than its first page is not refreshed on its own (the pages read would go)")
    func searchPages() {
        let feed = Feed.search(SearchQuery(text: "climate"))
        var paged = ViewModelDriver(count: 30, feed: feed, totalHits: 2_000, autoRefreshInterval: 60)
        paged.wait(61)
        #expect(paged.pendingRefreshes.isEmpty)
        var single = ViewModelDriver(count: 10, feed: feed, totalHits: 2_000, autoRefreshInterval: 60)
        single.wait(61)
        #expect(single.pendingRefreshes == [feed])
    }

    @Test("A rate limit waits at least what the NYT asked")
    func rateLimit() {
        var driver = ViewModelDriver(count: 5, autoRefreshInterval: 60)
        driver.wait(60)
        driver.finishRefresh { .failed(.rateLimited(retryAfter: 300), $0) }
        driver.wait(299)
        #expect(driver.pendingRefreshes.isEmpty)
        driver.wait(1)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
    }
}
