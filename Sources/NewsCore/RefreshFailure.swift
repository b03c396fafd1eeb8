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
    /// The cache could not be written, for the reason the code gives.
    case cache(StoreError.Code)
    /// A newer request replaced this one.
    case cancelled
    /// The NYT's certificate could not be verified: a wrong clock, a proxy that re-signs connections, or
    /// someone in between.
    case certificateUntrusted
    /// There are no CA certificates to verify the NYT's certificate with.
    case certificateStoreMissing
    /// libcurl could not be loaded.
    case libcurlMissing
    /// A libcurl call failed, so the request was not sent (or its answer not read).
    case libcurlFailed
    /// The NYT's address redirected within itself again and again.
    case redirectLoop
    /// The connection closed before the whole answer arrived.
    case truncated
}

extension RefreshFailure {
    /// Whether the network is left alone on purpose (no key, or `--offline`): a state to show, not an error.
    public var isStandingBlocker: Bool {
        self == .noAPIKey || self == .offlineByRequest
    }

    /// After these, the next request (the next feed, the next month) cannot succeed either: a command or
    /// the followed feeds' refresh stops there.
    public var stopsFurtherRequests: Bool {
        switch self {
        case .noAPIKey, .offlineByRequest, .offline, .unauthorized, .rateLimited, .cache, .certificateUntrusted,
            .certificateStoreMissing, .libcurlMissing, .libcurlFailed:
            return true
        default: return false
        }
    }
}
