import FoundationEssentials
import NewsCore

/// Work the view-model asks for; the controller runs it and feeds the answers back as `ServiceEvent`s.
public enum Effect: Hashable, Sendable {
    /// Read the feed's status, how many rows `filter` shows, and the position of `anchor` among them when given.
    case loadFeed(Feed, filter: FeedFilter, anchor: ArticleID?)
    /// Read the articles at `range` of the feed as `filter` shows it; `generation` ties the answer to the
    /// feed state that asked.
    case loadEntries(Feed, filter: FeedFilter, range: Range<Int>, generation: Int)
    /// Read the feed's status and the counts of every feed again (after a change to read marks).
    case loadCounts(Feed)
    /// Ask the service whether refreshing is possible.
    case checkRefresh
    /// Refresh the feed in the background when its cache is older than `olderThan` (nil: the refresh
    /// threshold of launch), was never fetched, or is the bundled snapshot.
    case refreshIfStale(Feed, olderThan: TimeInterval?)
    /// Refresh these feeds one after another, each request spaced by the rate limit (`R`).
    case refreshFollowed([Feed])
    /// Fetch the feed from the NYT.
    case refresh(Feed)
    /// Stop the refresh under way, if any (the person left its feed, or pressed Esc).
    case cancelRefresh
    /// Stops `R`: the feed under way ends as a cancelled refresh does, and no other is asked.
    case stopFollowedRefresh
    /// Fetch the next page of a search feed.
    case loadMore(Feed)
    /// Read the searches and archive months kept in the cache (for the section picker).
    case loadPickerFeeds
    /// Forget a search and its articles.
    case forget(Feed)
    /// Full-text search of the cache: of a feed's articles, or of every article when nil.
    case search(String, in: Feed?)
    /// Keep what was entered at the prompts, for the next run.
    case saveHistory(PromptHistory)
    /// Count the trend of the archive (for the trend overlay).
    case loadTrend(TrendQuery)
    /// Find the next unread article of the feed after `position`.
    case findNextUnread(Feed, after: Int)
    /// Mark every article of the feed read, when it is still as shown.
    case markAllRead(Feed, shown: FeedStatus?)
    /// Record an article as read or unread.
    case setRead(ArticleID, Bool)
    /// Record an article as saved or not.
    case setSaved(ArticleID, Bool)
    /// Open an article's web page in the person's browser.
    case openURL(String)
    /// Put an article's NYT link on the clipboard.
    case copyLink(String)
    /// Wait `after`, then fetch the picture at `address` for the article `id` (from the image cache when
    /// kept); replaces the photo asked for before, which stops.
    case loadPhoto(ArticleID, address: String, after: Duration)
    /// Stop fetching the photo asked for, if any (the selection moved to an article without one).
    case cancelPhoto
}
