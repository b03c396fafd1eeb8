import FoundationEssentials
import NewsCore
import ReaderService

// Refreshing the feed on screen on its own while the reader is open.
extension ReaderViewModel {
    /// Called about once a second while the reader waits for keys: refreshes the feed on screen when its
    /// turn has come. Never for a feed the NYT does not serve, while a refresh runs, without a key, or
    /// once the day's requests to its API reached the NYT's limit (then it tries again an interval later).
    /// It also marks read the article the selection has rested on long enough (`mark_read_on_select`).
    public mutating func tick() -> [Effect] {
        redateCountdowns()
        let marks = markRestingSelection()
        return marks + autoRefreshIfDue()
    }

    /// The status line's countdowns (the next try, the end of a rate limit) dated again from the monotonic
    /// clock they wait on: after the wall clock was set back or forward, they count down what is left.
    private mutating func redateCountdowns() {
        let date = now()
        let instant = monotonic()
        if state.retryDate != nil, let due = autoRefresh.due {
            state.retryDate = date.addingTimeInterval((due - instant).seconds)
        }
        if state.rateLimitEnds != nil, let ends = rateLimitEnds {
            state.rateLimitEnds = date.addingTimeInterval((ends - instant).seconds)
        }
    }

    private mutating func autoRefreshIfDue() -> [Effect] {
        let instant = monotonic()
        guard autoRefresh.isDue(at: instant) else { return [] }
        guard state.feed.isRemote, (state.feedStatus ?? FeedStatus(feed: state.feed, count: 0)).refreshesOnItsOwn,
            !state.refresh.isRunning,
            refreshBlocker?.isStandingBlocker != true,
            (state.feedStatus?.requestsToday ?? 0) < FeedStatus.dailyRequestLimit
        else {
            autoRefresh.schedule(after: instant)
            return []
        }
        state.retryDate = nil
        return startRefresh()
    }

    /// Whether something on screen counts time down (a retry, a wait for the next page): the screen is
    /// then drawn again every second.
    public var showsCountdown: Bool {
        if state.retryDate != nil || state.followedRefresh?.waitUntil != nil { return true }
        // Counting a rate limit down, and once more when it is over.
        if let ends = state.rateLimitEnds, ends.addingTimeInterval(1) > now() { return true }
        if case .waiting = state.morePages { return true }
        return false
    }

    /// Plans the next automatic refresh after one of the feed on screen ended.
    mutating func planAutoRefresh(after outcome: RefreshOutcome) {
        state.retryDate = autoRefresh.record(outcome, at: monotonic()).map { now().addingTimeInterval($0) }
        // The status line counts the limit down, where its words alone would say "in 20 s" for good.
        if case .rateLimited(let seconds) = outcome.failure {
            let wait = TimeInterval(seconds ?? 60)
            rateLimitEnds = monotonic() + .seconds(wait)
            state.rateLimitEnds = now().addingTimeInterval(wait)
        } else {
            rateLimitEnds = nil
            state.rateLimitEnds = nil
        }
    }
}
