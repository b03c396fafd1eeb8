import NewsCore

/// Everything that can go wrong talking to the NYT API. Descriptions never contain the API key.
public enum APIError: Error, Hashable, Sendable {
    /// 401 or 403: the key is missing, wrong or not enabled for this API.
    case unauthorized(status: Int)
    /// 429: too many requests; `retryAfter` seconds when the answer said so.
    case rateLimited(retryAfter: Int?)
    /// 404: e.g. an unknown section.
    case notFound
    /// 5xx.
    case server(status: Int)
    /// Any other HTTP status that is not a success.
    case unexpectedStatus(Int)
    /// No answer within the request timeout.
    case timeout
    /// The server could not be reached (refused, unreachable, DNS).
    case offline(reason: String)
    /// The body is not the JSON expected (truncated, HTML, wrong shape, too large).
    case malformed(reason: String)
    /// The JSON's `status` is not `OK`.
    case apiStatus(String)
    /// The request was cancelled.
    case cancelled
    /// The API answered with a redirect that leaves its origin (to `host`); it was not followed.
    case redirectRefused(host: String)
    /// The configured base URL cannot be used.
    case invalidBaseURL(String)
    /// The server's certificate could not be verified (`reason` is libcurl's): someone may be in between.
    case certificateUntrusted(reason: String)
    /// There are no CA certificates to verify the server with (`reason` is libcurl's).
    case certificateStoreMissing(reason: String)
    /// libcurl could not be loaded (`reason` says why).
    case libcurlUnavailable(reason: String)
    /// A libcurl call failed (`call` names it, `code` is its CURLcode), so the request was not sent or
    /// its answer not read.
    case libcurlFailed(call: String, code: Int)
    /// The API redirected within its origin more than `limit` times in a row.
    case redirectLoop(limit: Int)
    /// The connection closed before the whole body arrived.
    case truncated
}

extension APIError: CustomStringConvertible {
    /// What failed, with the detail the words for a person leave out (`RefreshFailure.message` in
    /// ReaderViewModel's FailureWording is what people read): for the log and for tests. Never the key;
    /// the server's text made terminal-safe and short.
    public var description: String {
        switch self {
        case .unauthorized(let status): return "HTTP \(status): the key was refused"
        case .rateLimited(let seconds?): return "HTTP 429, Retry-After \(seconds) s"
        case .rateLimited(nil): return "HTTP 429"
        case .notFound: return "HTTP 404"
        case .server(let status), .unexpectedStatus(let status): return "HTTP \(status)"
        case .timeout: return "timed out"
        case .offline(let reason): return "unreachable: \(reason)"
        case .malformed(let reason): return "unreadable answer: \(reason)"
        case .apiStatus(let status): return "status \(status.terminalSafe.prefix(40))"
        case .cancelled: return "cancelled"
        case .redirectRefused(let host): return "redirect to \(host.terminalSafe.prefix(100)) refused"
        case .invalidBaseURL(let reason): return "unusable base URL: \(reason)"
        case .certificateUntrusted(let reason): return "certificate not verified: \(reason.terminalSafe.prefix(200))"
        case .certificateStoreMissing(let reason): return "no CA certificates: \(reason.terminalSafe.prefix(200))"
        case .libcurlUnavailable(let reason): return "libcurl not loaded: \(reason.terminalSafe.prefix(200))"
        case .libcurlFailed(let call, let code): return "libcurl: \(call) answered \(code)"
        case .redirectLoop(let limit): return "more than \(limit) redirects in a row"
        case .truncated: return "the body was cut short"
        }
    }

    /// The same failure in the terms the layers above share.
    public var refreshFailure: RefreshFailure {
        switch self {
        case .unauthorized(let status): return .unauthorized(status: status)
        case .rateLimited(let seconds): return .rateLimited(retryAfter: seconds)
        case .notFound: return .notFound
        case .server(let status): return .server(status: status)
        case .unexpectedStatus(let status): return .server(status: status)
        case .timeout: return .timeout
        case .offline: return .offline
        case .malformed: return .malformed
        case .apiStatus(let status): return .apiStatus(status)
        case .cancelled: return .cancelled
        case .redirectRefused: return .redirectRefused
        case .invalidBaseURL: return .offline
        case .certificateUntrusted: return .certificateUntrusted
        case .certificateStoreMissing: return .certificateStoreMissing
        case .libcurlUnavailable: return .libcurlMissing
        case .libcurlFailed: return .libcurlFailed
        case .redirectLoop: return .redirectLoop
        case .truncated: return .truncated
        }
    }
}
