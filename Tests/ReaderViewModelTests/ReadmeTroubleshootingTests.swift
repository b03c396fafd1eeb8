import Foundation
import NewsCore
import ReaderViewModel
import TestSupport
import Testing

/// The README's troubleshooting table explains every message a failed refresh can show.
@Suite("README troubleshooting")
struct ReadmeTroubleshootingTests {
    /// One failure of each kind (and both forms of the rate limit), with the values the README uses.
    static let failures: [RefreshFailure] =
        [
            .noAPIKey, .offlineByRequest, .unauthorized(status: 401), .rateLimited(retryAfter: 12), .rateLimited(retryAfter: nil),
            .notFound,
            .server(status: 503), .timeout, .offline, .malformed, .redirectRefused, .apiStatus("ERROR"), .cancelled,
            .certificateUntrusted, .certificateStoreMissing, .libcurlMissing, .libcurlFailed, .redirectLoop, .truncated,
        ] + StoreError.Code.allCases.map(RefreshFailure.cache)

    /// Every case of `RefreshFailure` is in `failures`: adding a case without a README row fails to compile here.
    static func isListed(_ failure: RefreshFailure) -> Bool {
        switch failure {
        case .noAPIKey, .offlineByRequest, .unauthorized, .rateLimited, .notFound, .server, .timeout, .offline, .malformed,
            .redirectRefused, .apiStatus, .cache, .cancelled, .certificateUntrusted, .certificateStoreMissing,
            .libcurlMissing, .libcurlFailed, .redirectLoop, .truncated:
            return failures.contains { Self.kind(of: $0) == Self.kind(of: failure) }
        }
    }

    private static func kind(of failure: RefreshFailure) -> String {
        String(String(describing: failure).prefix { $0 != "(" })
    }

    static func troubleshootingRows() throws -> [Substring] {
        try Readme.section("Troubleshooting").split(separator: "\n").filter { $0.hasPrefix("| `") }
    }

    @Test("Each refresh failure's message starts a row of the table", arguments: failures)
    func messageHasARow(_ failure: RefreshFailure) throws {
        let rows = try Self.troubleshootingRows()
        #expect(rows.count >= 12)
        let row = rows.first { $0.contains("`\(failure.message)`") }
        #expect(row != nil, "no troubleshooting row for `\(failure.message)`")
    }

    @Test("The rate-limit row shows the longer waits as they read")
    func longWaitsInTheRow() throws {
        let row = try #require(try Self.troubleshootingRows().first { $0.contains("`Rate limited — try again in 12 s`") })
        for seconds in [120, 3_600] {
            let wait = RelativeTime.duration(seconds: seconds)
            #expect(RefreshFailure.rateLimited(retryAfter: seconds).message.hasSuffix(" in \(wait)"))
            #expect(row.contains("`in \(wait)`"), "the row does not show `in \(wait)`")
        }
    }

    @Test("The list of failures covers every kind")
    func everyKindListed() {
        #expect(Set(Self.failures.map(Self.kind)).count == 19)
        #expect(Self.failures.allSatisfy(Self.isListed))
    }

    /// Every photo placeholder but the cancelled photo's (never shown): adding a case fails to compile in
    /// `photoFailureIsListed` until it is here.
    static let photoFailures: [PhotoFailure] = [.notKept, .refused, .unreachable, .notFetched, .unreadable, .librariesMissing]

    static func photoFailureIsListed(_ failure: PhotoFailure) -> Bool {
        switch failure {
        case .cancelled: return true
        case .notKept, .refused, .unreachable, .notFetched, .unreadable, .librariesMissing: return photoFailures.contains(failure)
        }
    }

    @Test("Each photo placeholder starts a row of the table", arguments: photoFailures)
    func photoMessageHasARow(_ failure: PhotoFailure) throws {
        #expect(Self.photoFailureIsListed(failure))
        let row = try Self.troubleshootingRows().first { $0.contains("`\(failure.message)`") }
        #expect(row != nil, "no troubleshooting row for `\(failure.message)`")
    }
}
