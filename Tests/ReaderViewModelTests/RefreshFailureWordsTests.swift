import NewsCore
import ReaderViewModel
import Testing

/// How failures and waits read: each failure its own words, waits in the unit a person would use.
@Suite("Failure words")
struct RefreshFailureWordsTests {
    @Test(
        "A wait reads in seconds under a minute, then in the nearest minutes, hours or days",
        arguments: [
            (0, "0 s"), (12, "12 s"), (59, "59 s"), (60, "1 min"), (89, "1 min"), (90, "2 min"), (120, "2 min"), (3_569, "59 min"),
            (3_570, "1 h"), (3_600, "1 h"), (5_400, "2 h"), (86_400, "24 h"), (172_800, "2 days"), (-5, "0 s"),
            (Int.max, "\(Int.max / 86_400 + 1) days"),
        ])
    func duration(seconds: Int, expected: String) {
        #expect(RelativeTime.duration(seconds: seconds) == expected)
    }

    @Test("A rate limit says how long in human units")
    func rateLimitWords() {
        #expect(RefreshFailure.rateLimited(retryAfter: 12).message == "Rate limited — try again in 12 s")
        #expect(RefreshFailure.rateLimited(retryAfter: 120).message == "Rate limited — try again in 2 min")
        #expect(RefreshFailure.rateLimited(retryAfter: 3_600).message == "Rate limited — try again in 1 h")
    }

    @Test("A rejected key is to be checked; a missing one is to be set")
    func keyWords() {
        #expect(RefreshFailure.unauthorized(status: 401).message == "NYT rejected the API key (401) — check it (nytreader config)")
        #expect(RefreshFailure.unauthorized(status: 403).message.contains("check it"))
        #expect(!RefreshFailure.unauthorized(status: 401).message.contains("set NYT_API_KEY"))
        #expect(RefreshFailure.noAPIKey.message == "No API key set — set NYT_API_KEY to refresh")
    }

    @Test(
        "Failures below HTTP each have their own words, none of them Offline",
        arguments: [
            RefreshFailure.certificateUntrusted, .certificateStoreMissing, .libcurlMissing, .libcurlFailed, .redirectLoop, .truncated,
        ])
    func ownWords(_ failure: RefreshFailure) {
        #expect(failure.message != RefreshFailure.offline.message)
        #expect(!failure.message.hasPrefix("Offline"))
    }

    @Test("libcurl missing says what to install")
    func libcurlWords() {
        #expect(RefreshFailure.libcurlMissing.message.contains("libcurl could not be loaded"))
        #expect(RefreshFailure.libcurlMissing.message.contains("libcurl4"))
    }
}
