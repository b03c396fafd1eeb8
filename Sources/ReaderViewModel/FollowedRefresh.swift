import FoundationEssentials
import NewsCore
import ReaderService

/// The followed feeds refreshed one after another (`R`): which one is under way, and what came of those done.
public struct FollowedRefresh: Hashable, Sendable {
    /// The feeds, in the order they are refreshed.
    public var feeds: [Feed]
    /// The position in `feeds` of the one under way.
    public var index: Int = 0
    /// When the one under way may be sent, while it waits for the spacing between requests.
    public var waitUntil: Date?
    /// New articles the finished ones brought.
    public var inserted = 0
    /// Feeds refreshed so far.
    public var refreshed = 0
    /// The last failure, when one failed, and the feed it was.
    public var failure: RefreshFailure?
    public var failedFeed: Feed?

    public init(feeds: [Feed]) {
        self.feeds = feeds
    }

    /// The feed under way.
    public var feed: Feed { feeds[min(index, feeds.count - 1)] }
}

extension FollowedRefresh {
    /// Refreshes `feeds` one after another (each request waits for its slot under the rate limit), posting
    /// which one is under way and each outcome; the feeds a failure leaves no chance (no key, offline, a rate
    /// limit of their API: `RefreshFailure.stops`) are not asked for, and cancelling the task (`q`) ends it:
    /// a refresh cancelled before its write writes nothing. Returns the feeds refreshed, each with the
    /// articles it now holds.
    @discardableResult
    static func run(_ feeds: [Feed], with service: any ReaderServing, posting inbox: EventInbox) async -> [(feed: Feed, count: Int)] {
        var refreshed: [(feed: Feed, count: Int)] = []
        var stops = RefreshStops()
        for (index, feed) in feeds.enumerated() {
            if Task.isCancelled { break }
            if stops.skips(feed) { continue }
            let wait = await service.requestWait(for: feed)
            inbox.post(.followedRefreshStarted(index: index, waitUntil: wait > .zero ? Date().addingTimeInterval(wait.seconds) : nil))
            let outcome = await service.refresh(feed)
            if Task.isCancelled { break }
            inbox.post(.followedRefreshed(feed, outcome))
            if outcome.changes != nil { refreshed.append((feed, outcome.status.count)) }
            stops.note(outcome.failure, of: feed)
        }
        inbox.post(.followedRefreshEnded)
        return refreshed
    }
}
