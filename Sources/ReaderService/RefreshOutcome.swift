import NewsCore

/// The result of one refresh: what changed, or why nothing did. Either way, the feed's cached state after it.
public enum RefreshOutcome: Hashable, Sendable {
    case refreshed(RefreshChanges, FeedStatus)
    case failed(RefreshFailure, FeedStatus)

    /// The feed's cached state after the refresh.
    public var status: FeedStatus {
        switch self {
        case .refreshed(_, let status), .failed(_, let status): return status
        }
    }

    /// What the refresh changed, when it succeeded.
    public var changes: RefreshChanges? {
        if case .refreshed(let changes, _) = self { return changes }
        return nil
    }

    /// Why the refresh failed, when it did.
    public var failure: RefreshFailure? {
        if case .failed(let failure, _) = self { return failure }
        return nil
    }
}
