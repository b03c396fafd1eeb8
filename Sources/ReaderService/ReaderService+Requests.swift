import FoundationEssentials
import NYTAPI
import NewsCore

// The NYT's rate limits: the spacing between requests to one API, kept in the cache for every process
// (`RequestSpacing`), and the windows a 429 opens, remembered across processes (`RateLimitMemory`).
extension ReaderService {
    /// How long until the API behind `feed` may be asked again under `policy.requestSpacing`, after the
    /// last request any process using the cache sent to it.
    public func requestWait(for feed: Feed) async -> Duration {
        guard let endpoint = Endpoint(feed) else { return .zero }
        return await spacing.wait(for: endpoint.api)
    }

    /// Runs the requests to the API behind `feed` unless a rate-limit window is open; a 429 opens a window
    /// (bounded), other failures become what the service reports. Without `policy.waitsForOthers`, a
    /// first request that would wait for another process's requests is not sent: rate limited; one that
    /// would not takes its slot at once.
    func fetching<T>(_ feed: Feed, _ request: () async throws(APIError) -> T) async throws(RefreshFailure) -> T {
        if let wait = await secondsBlocked(feed) {
            throw .rateLimited(retryAfter: wait)
        }
        if !policy.waitsForOthers, !askedAPIs.contains(feed.apiName), let endpoint = Endpoint(feed) {
            // Checked and taken at once: of two processes starting together, one goes and the other is told.
            let wait = await spacing.reserveNow(for: endpoint.api)
            if wait > .zero { throw .rateLimited(retryAfter: Int(wait.seconds.rounded(.up))) }
        }
        askedAPIs.insert(feed.apiName)
        do {
            return try await request()
        } catch {
            if case .rateLimited(let retryAfter) = error {
                let wait = RetryAfter.clamp(retryAfter ?? policy.rateLimitBackoffSeconds)
                await remember(blockedUntil: now().addingTimeInterval(TimeInterval(wait)), api: feed.apiName)
                throw .rateLimited(retryAfter: wait)
            }
            throw error.refreshFailure
        }
    }

    /// Whole seconds until the API behind `feed` may be asked again, when it refused requests lately. A
    /// stored block further ahead than any server may ask (a damaged cache, or one written before waits
    /// were bounded) is forgotten, not trusted.
    func secondsBlocked(_ feed: Feed) async -> Int? {
        let rateLimits = rateLimits
        let api = feed.apiName
        // A window that cannot be read is treated as none: the NYT answers 429 again if it is still open.
        guard let until = (try? await lanes.read({ _ in try? rateLimits.blockedUntil(api: api) })) ?? nil else { return nil }
        let remaining = until.timeIntervalSince(now())
        guard remaining.isFinite, remaining <= Double(RetryAfter.bounds.upperBound) else {
            await remember(blockedUntil: nil, api: api)
            return nil
        }
        return remaining > 0 ? Int(remaining.rounded(.up)) : nil
    }

    /// Records (nil: forgets) a rate-limit window, after the writes asked before it.
    private func remember(blockedUntil date: Date?, api: String) async {
        let rateLimits = rateLimits
        // Not remembered, the window is only forgotten early; the NYT then answers 429 again.
        _ = try? await lanes.write { _ in try? rateLimits.setBlockedUntil(date, api: api) }
    }
}
