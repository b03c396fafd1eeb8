import Foundation

/// What the cache knows about one feed.
public struct FeedStatus: Hashable, Sendable {
    public var feed: Feed
    /// Articles in the feed.
    public var count: Int
    public var lastRefreshedDate: Date?
    public var origin: FeedOrigin?
    public var lastError: String?

    public init(feed: Feed, count: Int, lastRefreshedDate: Date? = nil, origin: FeedOrigin? = nil, lastError: String? = nil) {
        self.feed = feed
        self.count = count
        self.lastRefreshedDate = lastRefreshedDate
        self.origin = origin
        self.lastError = lastError
    }
}
