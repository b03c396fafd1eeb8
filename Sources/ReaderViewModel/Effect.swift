import NewsCore

/// Work the view-model asks for; the controller runs it and feeds the answers back as `ServiceEvent`s.
public enum Effect: Hashable, Sendable {
    /// Read the feed's status, and the position of `anchor` in it when given.
    case loadFeed(Feed, anchor: ArticleID?)
    /// Read the articles at `range` of the feed; `generation` ties the answer to the feed state that asked.
    case loadEntries(Feed, range: Range<Int>, generation: Int)
    /// Ask the service whether refreshing is possible.
    case checkRefresh
    /// Refresh the feed in the background when its cache is older than the refresh threshold (on launch).
    case refreshIfStale(Feed)
    /// Fetch the feed from the NYT.
    case refresh(Feed)
    /// Stop the refresh under way, if any (the person left its feed).
    case cancelRefresh
    /// Fetch the next page of a search feed.
    case loadMore(Feed)
    /// Read the searches and archive months kept in the cache (for the section picker).
    case loadPickerFeeds
    /// Forget a search and its articles.
    case forget(Feed)
    /// Full-text search of the cache.
    case search(String)
    /// Count the trend of the archive (for the trend overlay).
    case loadTrend(TrendQuery)
    /// Find the next unread article of the feed after `position`.
    case findNextUnread(Feed, after: Int)
    /// Mark every article of the feed read.
    case markAllRead(Feed)
    /// Record an article as read or unread.
    case setRead(ArticleID, Bool)
    /// Record an article as saved or not.
    case setSaved(ArticleID, Bool)
    /// Open an article's web page in the person's browser.
    case openURL(String)
    /// Put an article's NYT link on the clipboard.
    case copyLink(String)
}
