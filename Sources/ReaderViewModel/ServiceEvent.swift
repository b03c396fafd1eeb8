import NewsCore
import ReaderService

/// An answer from the service, delivered to the view-model on the UI's thread.
public enum ServiceEvent: Hashable, Sendable {
    /// The feed's status, and where the anchor article of `.loadFeed` now is.
    case feedLoaded(Feed, FeedStatus, anchorPosition: Int?)
    /// The answer to `.loadEntries` for `requested`.
    case entriesLoaded(Feed, ArticleWindow, requested: Range<Int>, generation: Int)
    case refreshBlocker(RefreshFailure?)
    case refreshFinished(Feed, RefreshOutcome)
    case cacheFailed(String)
}
