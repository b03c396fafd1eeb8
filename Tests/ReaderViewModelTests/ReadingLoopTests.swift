import Foundation
import NewsCore
import ReaderService
import TestSupport
import Testing

@testable import ReaderViewModel

/// The everyday loop: what is new (counts), reading marks read, hiding what is read, the feeds followed,
/// and the picker as a place to choose among them.
@Suite("The reading loop")
struct ReadingLoopTests {
    static let popular = Feed.mostPopular(.viewed, .day)

    @Test("The feed's unread count follows each mark at once, and is the cache's again once the mark is written")
    func counts() {
        var driver = ViewModelDriver(count: 5)
        #expect(driver.state.feedStatus?.unreadCount == 5)
        driver.send([.pickSection, .pickSection])  // the picker's counts are read
        #expect(driver.state.feedCounts["top:world"] == FeedCounts(unread: 5, total: 5))
        driver.holdReads = true
        driver.holdWrites = true
        driver.send(.focusDetail)
        #expect(driver.state.feedStatus?.unreadCount == 4, "shown before the cache answers")
        #expect(driver.state.feedCounts["top:world"] == FeedCounts(unread: 4, total: 5), "and in the picker")
        driver.send([.focusList, .toggleRead])
        #expect(driver.state.feedStatus?.unreadCount == 5)
        #expect(driver.state.feedCounts["top:world"] == FeedCounts(unread: 5, total: 5))
        driver.holdWrites = false
        driver.answerWrites()
        driver.holdReads = false
        driver.entries[3].readDate = ViewModelDriver.now  // another process read one meanwhile
        driver.send(.toggleRead)
        #expect(driver.effects.last == .loadCounts(.topStories(.world)), "the counts are read again after each write")
        #expect(driver.state.feedStatus?.unreadCount == 3, "exact: the cache's count")
        #expect(driver.state.feedCounts["top:world"] == FeedCounts(unread: 3, total: 5))
    }

    @Test("Another process's refresh or marks: the header's count and, with the picker open, every feed's counts are read again")
    func countsAfterAnotherProcess() {
        var driver = ViewModelDriver(count: 4)
        driver.entries[0].readDate = ViewModelDriver.now
        driver.run(driver.viewModel.apply(.cacheChangedElsewhere))
        #expect(driver.state.feedStatus?.unreadCount == 3)
        driver.send(.pickSection)
        driver.feeds[Self.popular] = (10..<13).map { ArticleEntry(article: ArticleFactory.article($0)) }
        driver.entries.append(ArticleEntry(article: ArticleFactory.article(20)))
        driver.run(driver.viewModel.apply(.cacheChangedElsewhere))
        #expect(driver.state.counts(of: Self.popular) == FeedCounts(unread: 3, total: 3), "a feed another process refreshed")
        #expect(driver.state.counts(of: .topStories(.world)) == FeedCounts(unread: 4, total: 5))
        #expect(driver.state.feedStatus?.unreadCount == 4)
    }

    @Test("The picker opens on the feed shown when it is an archive month or a search, read with the picker's other feeds")
    func pickerOnShownFeed() {
        let month = Feed.archive(ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!)
        let search = Feed.search(SearchQuery(text: "ocean"))
        for shown in [month, search] {
            var driver = ViewModelDriver(count: 3, feed: shown)
            driver.feeds[Feed.archive(ArchiveMonth("2024-04", latest: ArchiveMonth(containingDay: 21_000))!)] = []
            driver.feeds[Feed.search(SearchQuery(text: "river"))] = []
            driver.send(.pickSection)
            #expect(driver.viewModel.highlightedPickerFeed == shown, "\(shown)")
            #expect(driver.state.pickerFeeds.filter { $0 == shown }.count == 1, "listed once")
        }
    }

    @Test("The picker lists every feed with its counts; followed feeds first under My feeds, not repeated under their group")
    func pickerCounts() {
        var driver = ViewModelDriver(count: 4, followedFeeds: [.topStories(.world), Self.popular, .latest])
        driver.feeds[Self.popular] = (10..<13).map {
            ArticleEntry(article: ArticleFactory.article($0), readDate: $0 == 10 ? ViewModelDriver.now : nil)
        }
        driver.send(.pickSection)
        let entries = driver.state.pickerEntries
        #expect(
            Array(entries.prefix(5)) == [
                .heading("My feeds"), .feed(.topStories(.world)), .feed(Self.popular), .feed(.latest), .heading("Sections"),
            ])
        #expect(entries.filter { $0 == .feed(.latest) }.count == 1)
        #expect(!entries.contains(.heading("Latest")), "a group left empty by the followed feeds has no heading")
        #expect(entries.contains(.heading("Saved")))
        #expect(driver.state.overlay == .sectionPicker(selection: 1), "on the feed shown")
        #expect(driver.state.counts(of: .topStories(.world)) == FeedCounts(unread: 4, total: 4))
        #expect(driver.state.counts(of: Self.popular) == FeedCounts(unread: 2, total: 3))
        #expect(driver.state.counts(of: .topStories(.home)) == nil, "never fetched")
    }

    @Test("/ in the picker filters as you type; Backspace edits; Enter chooses the highlighted match; Esc clears the filter")
    func pickerFilter() {
        var driver = ViewModelDriver(count: 4, followedFeeds: [.topStories(.home)])
        driver.send([.pickSection, .search])
        #expect(driver.state.pickerFilter == "")
        driver.type("wor")
        #expect(driver.state.pickerFeeds == [.topStories(.world)])
        #expect(driver.state.pickerEntries == [.heading("Sections"), .feed(.topStories(.world))])
        #expect(driver.state.overlay == .sectionPicker(selection: 1), "the first match is highlighted")
        driver.edit(.deleteBackward)
        driver.edit(.deleteBackward)
        #expect(driver.state.pickerFilter == "w")
        #expect(driver.state.pickerFeeds.count > 1)
        driver.type("eek")
        #expect(driver.state.pickerFeeds.isEmpty, "nothing matches “week”")
        driver.edit(.submit)
        #expect(driver.state.overlay != nil, "Enter with no match chooses nothing")
        driver.edit(.cancel)
        #expect(driver.state.pickerFilter == nil)
        #expect(driver.state.pickerFeeds.count == ReaderState.pickableFeeds.count)
        #expect(driver.state.overlay != nil, "Esc clears the filter, the picker stays")
        driver.send(.search)
        driver.type("most viewed · 7")
        driver.edit(.submit)
        #expect(driver.state.overlay == nil)
        #expect(driver.state.feed == .mostPopular(.viewed, .week))
        #expect(driver.state.pickerFilter == nil)
    }

    @Test("A click chooses the feed under the pointer; a heading or the frame does nothing, outside closes")
    func pickerClicks() {
        var driver = ViewModelDriver(count: 4, followedFeeds: [.topStories(.home)])
        driver.send(.pickSection)
        driver.run(driver.viewModel.click(.pickerEntry(0)))
        #expect(driver.state.overlay != nil && driver.state.feed == .topStories(.world), "a heading")
        driver.run(driver.viewModel.click(.overlay))
        #expect(driver.state.overlay != nil)
        let home = driver.state.pickerEntries.firstIndex(of: .feed(.topStories(.home)))!
        driver.viewModel.state.overlay = .sectionPicker(selection: 0)
        driver.send(.focusDetail)
        #expect(driver.state.overlay != nil && driver.state.feed == .topStories(.world), "Enter on a heading does nothing")
        driver.run(driver.viewModel.click(.pickerEntry(home)))
        #expect(driver.state.overlay == nil)
        #expect(driver.state.feed == .topStories(.home))
        driver.send(.pickSection)
        driver.run(driver.viewModel.click(.elsewhere))
        #expect(driver.state.overlay == nil)
    }

    @Test("A feed chosen in the picker is refreshed at once when stale (older than the automatic refresh's interval)")
    func chosenFeedIsFresh() {
        var driver = ViewModelDriver(count: 4, isStale: true, autoRefreshInterval: 600)
        driver.finishRefresh { .refreshed(RefreshChanges(total: 4, inserted: 0, updated: 0, removed: 0), $0) }
        driver.stalenessAges.removeAll()
        driver.send(.pickSection)
        let home = driver.state.pickerEntries.firstIndex(of: .feed(.topStories(.home)))!
        driver.run(driver.viewModel.click(.pickerEntry(home)))
        #expect(driver.stalenessAges == [600])
        #expect(driver.pendingRefreshes == [.topStories(.home)], "asked without r")
        #expect(driver.state.refresh.isRunning)

        var fresh = ViewModelDriver(count: 4, isStale: false)
        fresh.send(.pickSection)
        fresh.run(fresh.viewModel.click(.pickerEntry(fresh.state.pickerEntries.firstIndex(of: .feed(.latest))!)))
        #expect(fresh.stalenessAges.last == .some(nil), "auto-refresh off: the launch threshold")
        #expect(fresh.pendingRefreshes.isEmpty)
    }

    @Test("u shows only unread articles; one read on screen stays until the selection leaves it; u again shows all, on the same article")
    func unreadOnly() {
        var driver = ViewModelDriver(count: 6)
        driver.entries[1].readDate = ViewModelDriver.now
        driver.entries[3].readDate = ViewModelDriver.now
        driver.reload()
        driver.send(.toggleUnreadOnly)
        #expect(driver.state.filter.unreadOnly)
        #expect(driver.state.count == 4)
        #expect(driver.state.window.entries.map(\.article.title) == ["Article 0", "Article 2", "Article 4", "Article 5"])
        driver.send(.focusDetail)
        driver.send(.focusList)
        driver.reload()
        #expect(driver.state.count == 4, "read under the cursor, it stays")
        #expect(driver.state.selectedEntry?.article.title == "Article 0")
        driver.send(.moveDown)
        #expect(driver.state.count == 3, "the selection left it: gone")
        #expect(driver.state.selectedEntry?.article.title == "Article 2")
        #expect(driver.state.window.entries.map(\.article.title) == ["Article 2", "Article 4", "Article 5"])
        driver.send(.toggleUnreadOnly)
        #expect(!driver.state.filter.unreadOnly)
        #expect(driver.state.count == 6)
        #expect(driver.state.selectedEntry?.article.title == "Article 2")
    }

    @Test("The unread-only view goes with the reader to another feed; the first article opened there stays while selected")
    func unreadOnlyAcrossFeeds() {
        var driver = ViewModelDriver(count: 3)
        driver.feeds[.topStories(.home)] = (20..<24).map { ArticleEntry(article: ArticleFactory.article($0)) }
        driver.send([.toggleUnreadOnly, .pickSection])
        driver.run(driver.viewModel.click(.pickerEntry(driver.state.pickerEntries.firstIndex(of: .feed(.topStories(.home)))!)))
        #expect(driver.state.filter.unreadOnly)
        #expect(driver.state.count == 4)
        driver.send(.focusDetail)
        driver.reload()
        #expect(driver.state.count == 4, "read while selected, it stays after the rows are read again")
        #expect(driver.state.selectedEntry?.article.title == "Article 20")
    }

    @Test("n in an unread-only list opens the next row; the one read before leaves the list")
    func nextUnreadOnly() {
        var driver = ViewModelDriver(count: 4)
        driver.send([.toggleUnreadOnly, .nextUnread])
        #expect(driver.state.selectedEntry?.article.title == "Article 0")
        #expect(driver.state.selectedEntry?.isRead == true)
        driver.send(.nextUnread)
        #expect(driver.state.selectedEntry?.article.title == "Article 1")
        #expect(driver.state.count == 3)
        driver.send([.nextUnread, .nextUnread])
        #expect(driver.state.selectedEntry?.article.title == "Article 3")
        #expect(driver.state.count == 1)
        driver.send(.nextUnread)
        #expect(driver.state.notice == Notice("No unread articles in World"))
    }

    @Test("R refreshes every followed feed in turn, the list usable meanwhile; the feed on screen shows its new rows")
    func refreshFollowed() {
        var driver = ViewModelDriver(count: 4, followedFeeds: [.topStories(.home), .topStories(.world), .saved, Self.popular])
        driver.send(.refreshFollowed)
        #expect(driver.pendingFollowed == [.topStories(.home), .topStories(.world), Self.popular], "saved lives in the cache")
        #expect(driver.state.followedRefresh?.feeds.count == 3)
        driver.send(.moveDown)
        #expect(driver.state.selection == 1, "the list stays usable")
        driver.send(.refreshFollowed)
        #expect(driver.state.notice == Notice("Already refreshing your feeds"))
        driver.run(driver.viewModel.apply(.followedRefreshStarted(index: 1, waitUntil: ViewModelDriver.now.addingTimeInterval(9))))
        #expect(driver.state.followedRefresh?.feed == .topStories(.world))
        #expect(driver.viewModel.showsCountdown)
        let reads = driver.effects.count
        driver.entries.append(ArticleEntry(article: ArticleFactory.article(9)))
        driver.run(
            driver.viewModel.apply(
                .followedRefreshed(
                    .topStories(.world),
                    .refreshed(
                        RefreshChanges(total: 5, inserted: 1, updated: 0, removed: 0), driver.status(of: .topStories(.world))
                    ))))
        #expect(driver.reads(since: reads).contains { if case .loadFeed = $0 { return true } else { return false } })
        #expect(driver.state.count == 5)
        #expect(driver.state.refresh == .succeeded(RefreshChanges(total: 5, inserted: 1, updated: 0, removed: 0)))
        driver.run(driver.viewModel.apply(.followedRefreshEnded))
        #expect(driver.state.followedRefresh == nil)
        #expect(
            driver.state.notice
                == Notice("Refreshed 1 of 3 feeds: 1 new; not asked: Home Page, \(Self.popular.title)", isRefreshOutcome: true),
            "the two without an outcome were not asked")
    }

    @Test("Esc in the list stops R: the feed under way is said, no other is asked, and the summary says it was stopped")
    func escapeStopsRefreshFollowed() {
        var driver = ViewModelDriver(count: 4, followedFeeds: [.topStories(.home), .topStories(.world), Self.popular])
        driver.send(.refreshFollowed)
        driver.run(driver.viewModel.apply(.followedRefreshStarted(index: 0, waitUntil: nil)))
        driver.send(.focusDetail)
        driver.send(.focusList)
        #expect(driver.followedStops == 0 && driver.state.focus == .list, "from the detail, Esc goes back to the list first")
        driver.send(.focusList)
        #expect(driver.followedStops == 1)
        #expect(driver.state.followedRefresh?.isStopped == true)
        driver.send(.focusList)
        #expect(driver.followedStops == 1, "asked once")
        let home = driver.status(of: .topStories(.home))
        driver.run(
            driver.viewModel.apply(
                .followedRefreshed(.topStories(.home), .refreshed(RefreshChanges(total: 4, inserted: 2, updated: 0, removed: 0), home))))
        driver.run(driver.viewModel.apply(.followedRefreshEnded))
        #expect(driver.state.followedRefresh == nil)
        #expect(driver.state.notice == Notice("Stopped: refreshed 1 of 3 feeds: 2 new", isRefreshOutcome: true))
        driver.send(.refreshFollowed)
        #expect(driver.pendingFollowed.count == 3, "R starts again")
    }

    @Test("Esc in the list stops r, once a search is cleared; the refresh ends cancelled, not as an error")
    func escapeStopsRefresh() {
        var driver = ViewModelDriver(count: 4)
        driver.send(.focusList)
        #expect(!driver.effects.contains(.cancelRefresh), "nothing to stop")
        driver.send(.refresh)
        #expect(driver.pendingRefreshes == [.topStories(.world)])
        driver.send(.search)
        driver.type("article")
        driver.edit(.submit)
        driver.send(.focusList)
        #expect(driver.state.search == nil && driver.pendingRefreshes == [.topStories(.world)], "Esc cleared the search first")
        driver.send(.focusList)
        #expect(driver.effects.last == .cancelRefresh && driver.pendingRefreshes.isEmpty)
        driver.run(
            driver.viewModel.apply(.refreshFinished(.topStories(.world), .failed(.cancelled, driver.status(of: .topStories(.world))))))
        #expect(driver.state.refresh == .failed(.cancelled))
        #expect(!driver.state.refresh.isRunning)
    }

    @Test("R's summary names every feed that failed and those not asked, the last failure with its reason")
    func refreshFollowedSeveralFailures() {
        let feeds: [Feed] = [.topStories(.home), .topStories(.world), .latest, Self.popular]
        var driver = ViewModelDriver(count: 4, followedFeeds: feeds)
        driver.send(.refreshFollowed)
        let outcomes: [(Feed, RefreshOutcome)] = [
            (.topStories(.home), .failed(.server(status: 500), driver.status(of: .topStories(.home)))),
            (
                .topStories(.world),
                .refreshed(RefreshChanges(total: 4, inserted: 2, updated: 0, removed: 0), driver.status(of: .topStories(.world)))
            ),
            (.latest, .failed(.timeout, driver.status(of: .latest))),
        ]
        for (index, (feed, outcome)) in outcomes.enumerated() {
            driver.run(driver.viewModel.apply(.followedRefreshStarted(index: index, waitUntil: nil)))
            driver.run(driver.viewModel.apply(.followedRefreshed(feed, outcome)))
        }
        driver.run(driver.viewModel.apply(.followedRefreshEnded))
        #expect(
            driver.state.notice
                == Notice(
                    "Refreshed 1 of 4 feeds; failed: Home Page, \(Feed.latest.title); not asked: \(Self.popular.title) — "
                        + "\(Feed.latest.title): \(RefreshFailure.timeout.message)", isError: true, isRefreshOutcome: true))
    }

    @Test("A wait for the spacing met after the refresh began (another process took the turn) is counted down, for r and for R")
    func secondWaitShown() {
        var driver = ViewModelDriver(count: 4, followedFeeds: [.topStories(.home), .latest])
        driver.send(.refresh)
        let until = ViewModelDriver.now.addingTimeInterval(12)
        driver.run(driver.viewModel.apply(.requestWaiting(api: "topstories", until: until)))
        guard case .running(_, let waitUntil) = driver.state.refresh else {
            Issue.record("no refresh under way: \(driver.state.refresh)")
            return
        }
        #expect(waitUntil == until)
        driver.run(driver.viewModel.apply(.requestWaiting(api: "articlesearch", until: until.addingTimeInterval(30))))
        guard case .running(_, let unchanged) = driver.state.refresh else { return }
        #expect(unchanged == until, "another API's wait is not this refresh's")
        driver.finishRefresh { .refreshed(RefreshChanges(total: 4, inserted: 0, updated: 0, removed: 0), $0) }
        driver.send(.refreshFollowed)
        driver.run(driver.viewModel.apply(.followedRefreshStarted(index: 1, waitUntil: nil)))
        driver.run(driver.viewModel.apply(.requestWaiting(api: "newswire", until: until)))
        #expect(driver.state.followedRefresh?.waitUntil == until)
    }

    @Test("R clears what an earlier r said of the feed on screen: its progress is not shown beside an old outcome")
    func refreshFollowedAfterRefresh() {
        var driver = ViewModelDriver(count: 4, followedFeeds: [.topStories(.home), .topStories(.world)])
        driver.send(.refresh)
        driver.finishRefresh { .refreshed(RefreshChanges(total: 4, inserted: 3, updated: 1, removed: 0), $0) }
        #expect(driver.state.refresh == .succeeded(RefreshChanges(total: 4, inserted: 3, updated: 1, removed: 0)))
        driver.send(.refreshFollowed)
        #expect(driver.state.refresh == .idle(blocker: nil))
        var failed = ViewModelDriver(count: 4, followedFeeds: [.topStories(.home)])
        failed.send(.refresh)
        failed.finishRefresh { .failed(.server(status: 503), $0) }
        failed.send(.refreshFollowed)
        #expect(failed.state.refresh == .idle(blocker: nil))
    }

    @Test("A refresh rate limited keeps when the limit ends, for the status line to count down; the screen ticks until then")
    func rateLimitEnds() {
        var driver = ViewModelDriver(count: 4)
        driver.send(.refresh)
        driver.finishRefresh { .failed(.rateLimited(retryAfter: 20), $0) }
        #expect(driver.state.rateLimitEnds == ViewModelDriver.now.addingTimeInterval(20))
        #expect(driver.viewModel.showsCountdown)
        driver.wait(22)
        #expect(!driver.viewModel.showsCountdown, "nothing left to count")
        driver.send(.refresh)
        driver.finishRefresh { .refreshed(RefreshChanges(total: 4, inserted: 0, updated: 0, removed: 0), $0) }
        #expect(driver.state.rateLimitEnds == nil)
    }

    @Test("R says when there is nothing to refresh, or no key")
    func refreshFollowedNothing() {
        var none = ViewModelDriver(count: 2, followedFeeds: [.saved])
        none.send(.refreshFollowed)
        #expect(none.pendingFollowed.isEmpty)
        #expect(none.state.notice?.text.hasPrefix("No feeds to refresh") == true)
        var noKey = ViewModelDriver(count: 2, blocker: .noAPIKey, followedFeeds: [.topStories(.home)])
        noKey.send(.refreshFollowed)
        #expect(noKey.pendingFollowed.isEmpty)
        #expect(noKey.state.notice?.isError == true)
        var failing = ViewModelDriver(count: 2, followedFeeds: [.topStories(.home), .latest])
        failing.send(.refreshFollowed)
        failing.finishFollowed(failure: .rateLimited(retryAfter: 30))
        #expect(
            failing.state.notice
                == Notice(
                    "Refreshed 0 of 2 feeds; failed: Home Page; not asked: \(Feed.latest.title) — Home Page: Rate limited — try again in 30 s",
                    isError: true, isRefreshOutcome: true))
    }

    @Test("What R said gives way to the outcome of a later refresh of the feed on screen (an automatic one, no key between)")
    func laterRefreshReplacesFollowedOutcome() {
        var driver = ViewModelDriver(count: 2, followedFeeds: [.topStories(.world), .latest])
        driver.send(.refreshFollowed)
        driver.finishFollowed(failure: .offline)
        #expect(driver.state.notice?.isError == true)
        driver.run(
            driver.viewModel.apply(
                .refreshFinished(
                    .topStories(.world),
                    .refreshed(RefreshChanges(total: 3, inserted: 1, updated: 0, removed: 0), driver.status(of: .topStories(.world))))))
        #expect(driver.state.notice == nil, "the offline notice is gone once a refresh succeeded")
        #expect(driver.state.refresh == .succeeded(RefreshChanges(total: 3, inserted: 1, updated: 0, removed: 0)))
        driver.send(.toggleSaved)
        let saved = driver.state.notice
        #expect(saved != nil)
        driver.run(
            driver.viewModel.apply(
                .refreshFinished(.topStories(.world), .failed(.offline, driver.status(of: .topStories(.world))))))
        #expect(driver.state.notice == saved, "other notices stay until a key")
    }

    @Test("Esc or h in Saved goes back to the feed it was opened from")
    func savedGoesBack() {
        var driver = ViewModelDriver(count: 4)
        driver.send([.moveDown, .toggleSaved, .pickSection])
        driver.run(driver.viewModel.click(.pickerEntry(driver.state.pickerEntries.firstIndex(of: .feed(.topStories(.home)))!)))
        driver.send(.showSaved)
        #expect(driver.state.feed == .saved)
        driver.send(.focusList)
        #expect(driver.state.feed == .topStories(.home))
        driver.send(.focusList)
        #expect(driver.state.feed == .topStories(.home), "nowhere further back")
    }

    @Test("mark_read_on_select: an article the selection rests on for half a second is marked read, not one passed over")
    func markReadOnSelect() {
        var driver = ViewModelDriver(count: 5, marksReadOnSelect: true)
        driver.send(.moveDown)
        #expect(driver.viewModel.timeToNextDeadline == .milliseconds(500))
        driver.wait(0.3)
        driver.send(.moveDown)
        driver.wait(0.3)
        #expect(driver.cached(ArticleID("nyt://article/test-1"))?.isRead == false, "passed over")
        #expect(driver.cached(ArticleID("nyt://article/test-2"))?.isRead == false, "not yet")
        driver.wait(0.3)
        #expect(driver.cached(ArticleID("nyt://article/test-2"))?.isRead == true)
        #expect(driver.state.selectedEntry?.isRead == true)
        #expect(driver.viewModel.timeToNextDeadline == nil)
        var off = ViewModelDriver(count: 5)
        off.send(.moveDown)
        off.wait(5)
        #expect(off.cached(ArticleID("nyt://article/test-1"))?.isRead == false, "off by default")
        #expect(off.cached(ArticleID("nyt://article/test-0"))?.isRead == false)
    }

    @Test("mark_read_on_select: a wall clock set back an hour or forward a day moves the read mark neither later nor sooner")
    func markReadOnSelectClockChange() {
        var back = ViewModelDriver(count: 5, marksReadOnSelect: true)
        back.send(.moveDown)
        back.clock.setWallClock(by: -3_600)
        back.wait(0.6)
        #expect(back.cached(ArticleID("nyt://article/test-1"))?.isRead == true, "half a second later, the clock set back meanwhile")
        var forward = ViewModelDriver(count: 5, marksReadOnSelect: true)
        forward.send(.moveDown)
        forward.clock.setWallClock(by: 86_400)
        forward.wait(0.3)
        #expect(forward.cached(ArticleID("nyt://article/test-1"))?.isRead == false, "not before half a second")
        #expect(forward.viewModel.timeToNextDeadline == .milliseconds(200))
    }

    @Test("mark_read_on_select: the article a feed opens on is marked read after half a second too; marked unread by hand, it stays so")
    func markReadOnSelectFirstRow() {
        var driver = ViewModelDriver(count: 5, marksReadOnSelect: true)
        #expect(driver.state.selectedEntry?.id == ArticleID("nyt://article/test-0"))
        driver.wait(0.6)
        #expect(driver.cached(ArticleID("nyt://article/test-0"))?.isRead == true, "the first row, never moved to")
        driver.send(.refresh)
        driver.finishRefresh { .refreshed(RefreshChanges(total: 5, inserted: 0, updated: 0, removed: 0), $0) }
        driver.send(.toggleRead)
        driver.wait(0.6)
        #expect(driver.cached(ArticleID("nyt://article/test-0"))?.isRead == false, "marked unread by hand, it stays so")
    }
}
