/// How many articles a feed lists and how many of them are unread, as the cache keeps them.
public struct FeedCounts: Hashable, Sendable {
    public var unread: Int
    public var total: Int

    /// Counts as the cache keeps them, bounded (`StoredCount`): never more unread than articles.
    public init(unread: Int, total: Int) {
        self.total = StoredCount.bounded(total)
        self.unread = min(StoredCount.bounded(unread), self.total)
    }

    /// `12/37`: unread, then every article.
    public var fraction: String { "\(GroupedCount(unread))/\(GroupedCount(total))" }
}
