/// Which of a feed's articles a list shows: all of them, or the unread ones only. An unread-only list keeps
/// one read article in its place (the selected one, read while it was on screen), so it does not vanish
/// under the cursor.
public struct FeedFilter: Hashable, Sendable {
    /// Only unread articles (and `keeping`).
    public var unreadOnly: Bool
    /// An article an unread-only list shows even when it is read.
    public var keeping: ArticleID?

    public init(unreadOnly: Bool = false, keeping: ArticleID? = nil) {
        self.unreadOnly = unreadOnly
        self.keeping = unreadOnly ? keeping : nil
    }

    /// Every article.
    public static let all = FeedFilter()
}
