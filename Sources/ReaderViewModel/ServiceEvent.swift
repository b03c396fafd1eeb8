import FoundationEssentials
import NewsCore
import ReaderService

/// An answer from the service, delivered to the view-model on the UI's thread.
public enum ServiceEvent: Hashable, Sendable {
    /// The feed's status, the rows `filter` shows, and where the anchor article of `.loadFeed` now is among them.
    case feedLoaded(Feed, FeedStatus, filter: FeedFilter, rowCount: Int, anchorPosition: Int?)
    /// The answer to `.loadEntries` for `requested`.
    case entriesLoaded(Feed, ArticleWindow, requested: Range<Int>, generation: Int)
    case refreshBlocker(RefreshFailure?)
    /// The answer to `.refreshIfStale`: whether the feed's cache is old enough to refresh.
    case staleness(Feed, isStale: Bool)
    case refreshFinished(Feed, RefreshOutcome)
    /// The next page of the feed waits for the spacing between requests until `until`.
    case morePagesWaiting(Feed, until: Date)
    /// The answer to `.loadMore`.
    case morePagesLoaded(Feed, RefreshOutcome)
    /// The answer to `.loadPickerFeeds`: the searches, newest first, the archive months, newest first, and
    /// every feed's counts by key.
    case pickerFeedsLoaded(searches: [FeedStatus], archive: [FeedStatus], counts: [String: FeedCounts])
    /// The answer to `.loadCounts`: the feed's status and every feed's counts by key.
    case countsLoaded(Feed, FeedStatus, [String: FeedCounts])
    /// Read marks asked for are written: the counts are read again.
    case readMarksWritten
    /// An article's saved star was written: saved, or no longer.
    case savedWritten(saved: Bool)
    /// The refresh of the shown feed waits until `until` for the spacing between requests before it asks.
    case refreshWaiting(Feed, until: Date)
    /// A request to the NYT API named `api` waits until `until` for the spacing between requests: another
    /// process took the turn the refresh under way was told of, or took it meanwhile.
    case requestWaiting(api: String, until: Date)
    /// A followed feed's refresh (`R`) starts: its position in the list, and when it may be sent while it
    /// waits for the spacing between requests.
    case followedRefreshStarted(index: Int, waitUntil: Date?)
    /// A followed feed's refresh ended.
    case followedRefreshed(Feed, RefreshOutcome)
    /// The followed feeds' refresh ended (all done, or stopped by a failure every request would meet).
    case followedRefreshEnded
    /// The answer to `.search(text, in: feed)`.
    case searchFinished(String, in: Feed?, [ArticleEntry])
    /// The answer to `.loadTrend(query)`.
    case trendLoaded(TrendQuery, Trend)
    /// `.loadTrend(query)` could not read the cache.
    case trendFailed(TrendQuery, ServiceError)
    /// The answer to `.findNextUnread(feed, after:)`: the position, or nil when every article is read.
    case nextUnreadFound(Feed, after: Int, Int?)
    /// Every article of the feed is now read.
    case allMarkedRead(Feed)
    /// `A` marked nothing: the feed changed (another process refreshed it) after it was shown.
    case changedBeforeMarkingRead(Feed)
    /// The search or archive month is forgotten, in the cache.
    case forgotten(Feed)
    /// The browser was started for `url` (`opened`), or no browser could be found.
    case browserFinished(url: String, opened: Bool)
    /// The link was handed to the terminal's clipboard; `copied` is nil when copying is turned off.
    case linkCopied(url: String, copied: Bool?)
    /// The cache could not be read.
    case cacheFailed(ServiceError)
    /// A change (read, saved, forget) could not be written to the cache.
    case changeFailed(ServiceError)
    /// A read mark or saved star drawn before it was written was not: `read` or `saved` is what the cache
    /// still holds, drawn again at once (the rows read again may fail as the write did).
    case markNotWritten(ArticleID, read: Bool?, saved: Bool?)
    /// Another process changed the cache (e.g. a `refresh` from cron): what is shown is read again.
    case cacheChangedElsewhere
    /// The answer to `.loadPhoto`: the picture's bytes, or why there are none.
    case photoLoaded(ArticleID, address: String, Result<[UInt8], PhotoFailure>)
}
