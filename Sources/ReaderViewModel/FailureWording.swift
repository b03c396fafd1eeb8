import NewsCore

// How failures read, for a person: the one place their words are chosen, for the status line, the
// commands' messages on stderr and the log alike.

extension StoreError.Code {
    /// One short sentence a person can act on.
    public var message: String {
        switch self {
        case .busy: return "The cache is busy: another nytreader is writing it"
        case .diskFull: return "The disk is full: the cache could not be written"
        case .readOnly: return "The cache cannot be written (a read-only file or folder)"
        case .corrupt: return "The cache file is damaged or is not a cache; move it away to start a new one"
        case .newerSchema: return "The cache was made by a newer nytreader; use that version, or move the file away"
        case .cannotOpen: return "The cache could not be opened"
        case .articleGone: return "The article is no longer in the cache: another nytreader removed it"
        case .replaced: return "The cache file was moved, replaced or removed while open; start nytreader again"
        case .failed: return "The cache could not be read or written"
        }
    }
}

extension StoreError {
    /// The sentence for the kind of failure.
    public var message: String { code.message }

    /// The sentence with the file and what failed below, for stderr: `The cache could not be opened:
    /// /home/me/cache.sqlite (Is a directory).`
    public var detailedMessage: String {
        message + ": " + (path.map { "\($0) (\(cause.terminalSafe))" } ?? cause.terminalSafe) + "."
    }
}

extension RefreshFailure {
    /// One short sentence a person can act on.
    public var message: String {
        switch self {
        case .noAPIKey:
            return "No API key set — set NYT_API_KEY to refresh"
        case .offlineByRequest:
            return "Offline (--offline) — showing the cache, not refreshing"
        case .unauthorized(let status):
            return "NYT rejected the API key (\(status)) — check it (nytreader config)"
        case .rateLimited(let seconds?):
            return "Rate limited — try again in \(RelativeTime.duration(seconds: seconds))"
        case .rateLimited(nil):
            return "Rate limited — try again in a minute"
        case .notFound:
            return "NYT does not know this feed (404)"
        case .server(let status) where (500..<600).contains(status):
            return "NYT server error \(status)"
        case .server(let status):
            // A status the API never answers with (a redirect with nowhere to go, 304, 418): said as it came.
            return "NYT answered with HTTP status \(status)"
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
        case .cache(let code):
            return code.message
        case .cancelled:
            return "Refresh cancelled"
        case .certificateUntrusted:
            return "NYT's certificate could not be verified — the connection may be intercepted"
        case .certificateStoreMissing:
            return "No CA certificates to verify the NYT — install ca-certificates"
        case .libcurlMissing:
            return "libcurl could not be loaded — install libcurl4"
        case .libcurlFailed:
            return "libcurl failed a call (see the log) — update libcurl4"
        case .redirectLoop:
            return "NYT redirected in a loop; gave up"
        case .truncated:
            return "NYT's answer was cut short"
        }
    }
}

extension PhotoFailure {
    /// The placeholder line drawn instead of the photo.
    public var message: String {
        switch self {
        case .notKept: return "photo not kept for offline reading"
        case .unreachable: return "photo not shown: offline"
        case .refused, .notFetched, .unreadable, .cancelled: return "photo could not be shown"
        case .librariesMissing: return "photos need libchafa0, libjpeg62-turbo and libpng16-16: install them"
        }
    }
}
