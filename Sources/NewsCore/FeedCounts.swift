/// How many articles a feed lists and how many of them are unread, as the cache keeps them.
public struct FeedCounts: Hashable, Sendable {
    public var unread: Int
    public var total: Int

    public init(unread: Int, total: Int) {
        self.unread = unread
        self.total = total
    }

    /// `12/37`: unread, then every article.
    public var fraction: String { "\(GroupedCount(unread))/\(GroupedCount(total))" }
}
