/// How many articles a feed lists and how many of them are unread, as the cache keeps them, and whether
/// its last refresh failed (it then lists what an earlier one cached).
public struct FeedCounts: Hashable, Sendable {
    public var unread: Int
    public var total: Int
    public var lastRefreshFailed: Bool

    /// Counts as the cache keeps them, bounded (`StoredCount`): never more unread than articles.
    public init(unread: Int, total: Int, lastRefreshFailed: Bool = false) {
        self.total = StoredCount.bounded(total)
        self.unread = min(StoredCount.bounded(unread), self.total)
        self.lastRefreshFailed = lastRefreshFailed
    }

    /// `12/37`: unread, then every article.
    public var fraction: String { "\(GroupedCount(unread))/\(GroupedCount(total))" }
}
