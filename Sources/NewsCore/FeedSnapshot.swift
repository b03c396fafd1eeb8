import FoundationEssentials

/// One fetch of a feed: its articles in the order the NYT ranks them.
public struct FeedSnapshot: Sendable {
    public var feed: Feed
    public var articles: [Article]
    public var fetchedDate: Date
    /// Items in the response that could not be turned into articles (malformed or placeholders).
    public var skippedCount: Int
    /// For a search: how many matches the NYT reports in all, when it says.
    public var totalHits: Int?
    /// For a search: the pages of results (10 a page) this snapshot holds, from the first.
    public var pageCount: Int
    /// The time the NYT's server gave with its answer (its `Date` header), when it did.
    public var serverDate: Date?

    /// Whether this machine's clock, which dated the snapshot, is more than `ServerClock.tolerance` from the
    /// server's: nothing is then pruned by age, which a clock a month ahead would have taken for a month.
    public var clockDisagrees: Bool { ServerClock.disagrees(local: fetchedDate, server: serverDate) }

    public init(
        feed: Feed, articles: [Article], fetchedDate: Date, skippedCount: Int = 0, totalHits: Int? = nil, pageCount: Int = 0,
        serverDate: Date? = nil
    ) {
        self.feed = feed
        self.articles = articles
        self.fetchedDate = fetchedDate
        self.skippedCount = skippedCount
        self.totalHits = totalHits
        self.pageCount = pageCount
        self.serverDate = serverDate
    }
}
