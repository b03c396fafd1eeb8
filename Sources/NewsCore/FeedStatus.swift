import FoundationEssentials

/// What the cache knows about one feed.
public struct FeedStatus: Hashable, Sendable {
    public var feed: Feed
    /// Articles in the feed.
    public var count: Int
    /// Unread articles in the feed.
    public var unreadCount: Int
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
        feed: Feed, count: Int, unreadCount: Int = 0, lastRefreshedDate: Date? = nil, origin: FeedOrigin? = nil,
        lastError: String? = nil, totalHits: Int? = nil, pageCount: Int = 0
    ) {
        // Counts as the cache keeps them, bounded as `FeedCounts` bounds them.
        let counts = FeedCounts(unread: unreadCount, total: count)
        self.feed = feed
        self.count = counts.total
        self.unreadCount = counts.unread
        self.lastRefreshedDate = lastRefreshedDate
        self.origin = origin
        self.lastError = lastError
        self.totalHits = totalHits.map(StoredCount.bounded)
        self.pageCount = StoredCount.bounded(pageCount)
    }

    /// The feed's unread and total counts.
    public var counts: FeedCounts { FeedCounts(unread: unreadCount, total: count, lastRefreshFailed: lastError != nil) }

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

extension FeedStatus {
    /// Whether the feed may be refreshed without being asked to (on opening it when stale, on the automatic
    /// refresh's timer): an archive month is imported whole once, and a search with more than its first
    /// page cached would lose the pages read (a refresh asks for the first again). `r` refreshes any.
    public var refreshesOnItsOwn: Bool {
        switch feed {
        case .archive: return false
        case .search: return pageCount <= 1
        default: return true
        }
    }
}
