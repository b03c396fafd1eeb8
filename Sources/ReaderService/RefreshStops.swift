import NewsCore

/// The failures met so far in a run of refreshes one after another (`R`, `refresh` of the followed feeds,
/// `--all-sections`), and the feeds they leave no chance: those are not asked for.
public struct RefreshStops: Sendable {
    private var failures: [(feed: Feed, failure: RefreshFailure)] = []

    public init() {}

    /// Notes how the refresh of `feed` ended: a failure no later request of its kind could escape is kept.
    public mutating func note(_ failure: RefreshFailure?, of feed: Feed) {
        guard let failure, failure.stopsFurtherRequests else { return }
        failures.append((feed, failure))
    }

    /// Whether a failure met so far leaves `feed` no chance (`RefreshFailure.stops`).
    public func skips(_ feed: Feed) -> Bool {
        failures.contains { $0.failure.stops(feed, after: $0.feed) }
    }
}

extension RefreshFailure {
    /// Whether, once this failure ended the refresh of `failed`, a refresh of `next` cannot succeed either
    /// and is not asked for: no key, no network, the cache failing — or a rate limit of the same NYT API
    /// (each API has its own: a limit on Top Stories leaves Most Popular and Article Search to be asked).
    public func stops(_ next: Feed, after failed: Feed) -> Bool {
        guard stopsFurtherRequests else { return false }
        if case .rateLimited = self { return next.apiName == failed.apiName }
        return true
    }
}
