import NewsCore

/// Work the view-model asks for; the controller runs it and feeds the answers back as `ServiceEvent`s.
public enum Effect: Hashable, Sendable {
    /// Read the feed's status, and the position of `anchor` in it when given.
    case loadFeed(Feed, anchor: ArticleID?)
    /// Read the articles at `range` of the feed; `generation` ties the answer to the feed state that asked.
    case loadEntries(Feed, range: Range<Int>, generation: Int)
    /// Ask the service whether refreshing is possible.
    case checkRefresh
    /// Fetch the feed from the NYT.
    case refresh(Feed)
}
