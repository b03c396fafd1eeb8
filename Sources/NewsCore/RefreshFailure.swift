/// Why a refresh did not bring new articles, in terms every layer above the API client shares.
public enum RefreshFailure: Error, Hashable, Sendable {
    /// No API key is configured, so the network was not touched.
    case noAPIKey
    /// The program was started with `--offline`: the network is not touched, on purpose.
    case offlineByRequest
    /// The NYT rejected the key (HTTP 401 or 403).
    case unauthorized(status: Int)
    /// Too many requests; `retryAfter` seconds to wait when known.
    case rateLimited(retryAfter: Int?)
    /// The NYT does not know what was asked for (HTTP 404, e.g. an unknown section).
    case notFound
    /// The NYT answered with a server error (HTTP 5xx).
    case server(status: Int)
    /// The request took longer than the timeout.
    case timeout
    /// The network or the server could not be reached.
    case offline
    /// The answer was not the JSON the NYT sends (truncated, HTML, wrong shape).
    case malformed
    /// The NYT's address answered with a redirect to another host (or scheme or port), which was not
    /// followed: the request carries the API key.
    case redirectRefused
    /// The NYT answered with a `status` other than `OK`.
    case apiStatus(String)
    /// The cache could not be written.
    case storage
    /// Another process held the cache's write lock for longer than a writer waits.
    case cacheBusy
    /// A newer request replaced this one.
    case cancelled
}

extension RefreshFailure {
    /// One short sentence a person can act on; the one place these failures become words.
    public var message: String {
        switch self {
        case .noAPIKey:
            return "No API key set — set NYT_API_KEY to refresh"
        case .offlineByRequest:
            return "Offline (--offline) — showing the cache, not refreshing"
        case .unauthorized(let status):
            return "NYT rejected the API key (\(status)) — set NYT_API_KEY"
        case .rateLimited(let seconds?):
            return "Rate limited — try again in \(seconds) s"
        case .rateLimited(nil):
            return "Rate limited — try again in a minute"
        case .notFound:
            return "NYT does not know this feed (404)"
        case .server(let status):
            return "NYT server error \(status)"
        case .timeout:
            return "NYT did not answer in time"
        case .offline:
            return "Offline — the NYT could not be reached"
        case .redirectRefused:
            return "NYT redirected to another host; refused"
        case .malformed:
            return "NYT sent a response that could not be read"
        case .apiStatus(let status):
            // The status is the server's text: made terminal-safe and short before it is shown anywhere.
            return "NYT answered with status \(status.terminalSafe.prefix(40))"
        case .storage:
            return "Could not write the cache"
        case .cacheBusy:
            return "The cache is busy: another nytreader is writing it"
        case .cancelled:
            return "Refresh cancelled"
        }
    }

    /// Whether the network is left alone on purpose (no key, or `--offline`): a state to show, not an error.
    public var isStandingBlocker: Bool {
        self == .noAPIKey || self == .offlineByRequest
    }
}
