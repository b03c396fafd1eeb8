import Foundation
import NYTAPI
import Testing

/// Every `Retry-After` a server can send becomes a wait of 1 s … 1 h, or nil (the service's default wait).
@Suite("Retry-After, bounded")
struct RetryAfterBoundsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(
        "Seconds and HTTP dates, clamped to 1 … 3,600 s",
        arguments: [
            ("7", 7), (" 12 ", 12), ("0", 1), ("3600", 3_600), ("3601", 3_600),
            ("1000000000000000", 3_600), ("9223372036854775807", 3_600), ("99999999999999999999999999999", 3_600),
            ("Fri, 15 Jan 2027 08:00:30 GMT", 30), ("Fri, 15 Jan 2027 09:00:00 GMT", 3_600),
            ("Thu, 01 Jan 1970 00:00:00 GMT", 1), ("Sun, 06 Nov 1994 08:49:37 GMT", 1),
        ])
    func bounded(value: String, seconds: Int) {
        #expect(RetryAfter.seconds(value, now: Self.now) == seconds, "\(value)")
    }

    @Test(
        "Anything else is no answer",
        arguments: [
            "", " ", "-5", "1.5", "+3", "soon", "0x10", "Fri, 15 Jan 2027 08:00:30 CET", "Fri, 32 Jan 2027 08:00:30 GMT",
            "Fri, 15 Foo 2027 08:00:30 GMT", "Fri, 15 Jan 99999 08:00:30 GMT", "Fri, 15 Jan 2027 25:00:30 GMT", "\u{1b}[2J",
        ])
    func unreadable(value: String) {
        #expect(RetryAfter.seconds(value, now: Self.now) == nil, "\(value)")
    }
}
