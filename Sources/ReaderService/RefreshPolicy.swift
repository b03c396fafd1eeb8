import FoundationEssentials

/// When and how the service refreshes.
public struct RefreshPolicy: Hashable, Sendable {
    /// On launch, a feed is refreshed in the background only when its cache is older than this.
    public var staleAfter: TimeInterval
    /// How long to stay away from an API after a 429 that did not say how long.
    public var rateLimitBackoff: TimeInterval
    /// Article Search pages fetched by one refresh of a search feed (10 articles a page).
    public var searchPages: Int
    /// Time between two requests to one NYT API, from any process using the cache (the NYT allows about
    /// 5 a minute).
    public var requestSpacing: Duration
    /// Whether a first request to an API waits for the spacing after another process's requests; when
    /// false it fails as rate limited instead (`refresh --no-wait`).
    public var waitsForOthers: Bool

    public init(
        staleAfter: TimeInterval = 15 * 60,
        rateLimitBackoff: TimeInterval = 60,
        searchPages: Int = 1,
        requestSpacing: Duration = .seconds(12),
        waitsForOthers: Bool = true
    ) {
        self.staleAfter = staleAfter
        self.rateLimitBackoff = rateLimitBackoff
        self.searchPages = searchPages
        self.requestSpacing = requestSpacing
        self.waitsForOthers = waitsForOthers
    }

    public static let standard = RefreshPolicy()

    /// `rateLimitBackoff` in whole seconds (any value, even not finite, becomes a number the service can use).
    var rateLimitBackoffSeconds: Int {
        guard rateLimitBackoff.isFinite else { return Int.max }
        return Int(max(0, min(rateLimitBackoff, 86_400)).rounded(.up))
    }
}
