import FoundationEssentials

/// What the cache knows about one feed.
public struct FeedStatus: Hashable, Sendable {
    public var feed: Feed
    /// Articles in the feed.
    public var count: Int
    public var lastRefreshedDate: Date?
    public var origin: FeedOrigin?
    public var lastError: String?
    /// For a search: how many matches the NYT has, when it said.
    public var totalHits: Int?
    /// For a search: the pages of results (10 a page) in the cache, from the first.
    public var pageCount: Int
    /// Requests made today (UTC) to the NYT API behind the feed, by every nytreader using this cache.
    public var requestsToday: Int = 0

    public init(
        feed: Feed, count: Int, lastRefreshedDate: Date? = nil, origin: FeedOrigin? = nil, lastError: String? = nil,
        totalHits: Int? = nil, pageCount: Int = 0
    ) {
        self.feed = feed
        self.count = count
        self.lastRefreshedDate = lastRefreshedDate
        self.origin = origin
        self.lastError = lastError
        self.totalHits = totalHits
        self.pageCount = pageCount
    }

    /// Whether the NYT has more results for this search than the cache holds, within the pages it serves.
    public var hasMorePages: Bool {
        guard case .search = feed, let totalHits else { return false }
        return pageCount < Self.maximumPages && pageCount * Self.pageSize < totalHits
    }

    /// Results on one page of Article Search.
    public static let pageSize = 10
    /// The pages Article Search serves for one query (0 … 99).
    static let maximumPages = 100
    /// Requests the NYT allows each API a day for one key.
    public static let dailyRequestLimit = 500
    /// From this many requests in a day the reader warns.
    public static let dailyRequestWarning = 450
}
