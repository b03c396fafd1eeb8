import FoundationEssentials
import NewsCore
import ReaderService

/// The followed feeds refreshed one after another (`R`): which one is under way, and what came of those done.
public struct FollowedRefresh: Hashable, Sendable {
    /// A feed that failed, and why.
    public struct Failure: Hashable, Sendable {
        public var feed: Feed
        public var failure: RefreshFailure
    }

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
    /// The feeds that failed, in order, each with why.
    public var failures: [Failure] = []
    /// The feeds refreshed or failed so far: at the end, the others were not asked (a failure that would
    /// stop them too came first: `RefreshStops`).
    public var asked: Set<Feed> = []
    /// Stopped by Esc: the feeds not asked are left unsaid.
    public var isStopped = false

    public init(feeds: [Feed]) {
        self.feeds = feeds
    }

    /// The feed under way.
    public var feed: Feed { feeds[min(index, feeds.count - 1)] }

    /// What the status line says at the end: the feeds refreshed and the new articles; or the feed that
    /// failed and why; or, when several failed or some were not asked, their names first (the line is cut
    /// at its end), then the last failure's reason.
    var summary: Notice {
        let counted = (isStopped ? "Stopped: refreshed " : "Refreshed ") + "\(refreshed) of \(Counted(feeds.count, "feed"))"
        let notAsked = isStopped ? [] : feeds.filter { !asked.contains($0) }.map(\.title)
        let unasked = notAsked.isEmpty ? "" : "; not asked: " + notAsked.joined(separator: ", ")
        guard let last = failures.last else { return Notice("\(counted): \(inserted) new\(unasked)", isRefreshOutcome: true) }
        let reason = "\(last.feed.title): \(last.failure.message)"
        guard failures.count > 1 || !unasked.isEmpty else { return Notice("\(counted): \(reason)", isError: true, isRefreshOutcome: true) }
        let failed = "; failed: " + failures.map(\.feed.title).joined(separator: ", ")
        return Notice("\(counted)\(failed)\(unasked) — \(reason)", isError: true, isRefreshOutcome: true)
    }
}

extension FollowedRefresh {
    /// Refreshes `feeds` one after another (each request waits for its slot under the rate limit), posting
    /// which one is under way and each outcome; the feeds a failure leaves no chance (no key, offline, a rate
    /// limit of their API: `RefreshFailure.stops`) are not asked for, and cancelling the task (Esc, `q`) ends it:
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
            // Stopped meanwhile, the feed's outcome is still said: it may have been written whole.
            inbox.post(.followedRefreshed(feed, outcome))
            if Task.isCancelled { break }
            if outcome.changes != nil { refreshed.append((feed, outcome.status.count)) }
            stops.note(outcome.failure, of: feed)
        }
        inbox.post(.followedRefreshEnded)
        return refreshed
    }
}
