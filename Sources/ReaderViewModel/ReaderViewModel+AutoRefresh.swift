import FoundationEssentials
import NewsCore
import ReaderService

// Refreshing the feed on screen on its own while the reader is open.
extension ReaderViewModel {
    /// Called about once a second while the reader waits for keys: refreshes the feed on screen when its
    /// turn has come. Never for a feed the NYT does not serve, while a refresh runs, without a key, or
    /// once the day's requests to its API reached the NYT's limit (then it tries again an interval later).
    public mutating func tick() -> [Effect] {
        let date = now()
        guard autoRefresh.isDue(at: date) else { return [] }
        guard state.feed.isRemote, Self.refreshesOnItsOwn(state.feed, state.feedStatus), !state.refresh.isRunning,
            refreshBlocker?.isStandingBlocker != true,
            (state.feedStatus?.requestsToday ?? 0) < FeedStatus.dailyRequestLimit
        else {
            autoRefresh.schedule(after: date)
            return []
        }
        state.retryDate = nil
        return startRefresh()
    }

    /// An archive month is imported whole once, and a search with more than its first page cached would
    /// lose the pages read (a refresh asks for the first again): neither is asked for again on its own.
    static func refreshesOnItsOwn(_ feed: Feed, _ status: FeedStatus?) -> Bool {
        switch feed {
        case .archive: return false
        case .search: return (status?.pageCount ?? 0) <= 1
        default: return true
        }
    }

    /// Whether something on screen counts time down (a retry, a wait for the next page): the screen is
    /// then drawn again every second.
    public var showsCountdown: Bool {
        if state.retryDate != nil { return true }
        if case .waiting = state.morePages { return true }
        return false
    }

    /// Plans the next automatic refresh after one of the feed on screen ended.
    mutating func planAutoRefresh(after outcome: RefreshOutcome) {
        state.retryDate = autoRefresh.record(outcome, at: now())
    }
}
