import FoundationEssentials
import NewsCore

/// The state of refreshing the shown feed.
public enum RefreshActivity: Hashable, Sendable {
    /// Nothing has happened yet, or refresh is not possible for the reason given.
    case idle(blocker: RefreshFailure?)
    /// A refresh is under way since `startedDate`; its request waits until `waitUntil` for the spacing
    /// between requests, when it does.
    case running(startedDate: Date, waitUntil: Date? = nil)
    /// The last refresh brought these changes.
    case succeeded(RefreshChanges)
    /// The last refresh failed; the cache is shown.
    case failed(RefreshFailure)

    public var isRunning: Bool {
        if case .running = self { return true }
        return false
    }
}
