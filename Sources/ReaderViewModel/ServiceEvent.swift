import FoundationEssentials
import NewsCore
import ReaderService

/// An answer from the service, delivered to the view-model on the UI's thread.
public enum ServiceEvent: Hashable, Sendable {
    /// The feed's status, and where the anchor article of `.loadFeed` now is.
    case feedLoaded(Feed, FeedStatus, anchorPosition: Int?)
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
    /// The answer to `.loadPickerFeeds`: the searches, newest first, and the archive months, newest first.
    case pickerFeedsLoaded(searches: [FeedStatus], archive: [FeedStatus])
    /// The answer to `.search(text)`.
    case searchFinished(String, [ArticleEntry])
    /// The answer to `.findNextUnread`: the position, or nil when every article is read.
    case nextUnreadFound(Feed, Int?)
    /// Every article of the feed is now read.
    case allMarkedRead(Feed)
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
    /// Another process changed the cache (e.g. a `refresh` from cron): what is shown is read again.
    case cacheChangedElsewhere
}
