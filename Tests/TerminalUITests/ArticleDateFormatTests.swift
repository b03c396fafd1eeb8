import Foundation
import Testing

@testable import TerminalUI

@Suite("Article date format")
struct ArticleDateFormatTests {
    @Test("English weekday, day, month, year and 24-hour time in the given zone, daylight saving included")
    func zones() throws {
        let november = Date(timeIntervalSince1970: 1_763_600_000)
        let july = Date(timeIntervalSince1970: 1_752_000_000)
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(ArticleDateFormat(timeZone: TimeZone(secondsFromGMT: 0)).string(from: november) == "Thu 20 Nov 2025, 00:53")
        #expect(ArticleDateFormat(timeZone: newYork).string(from: november) == "Wed 19 Nov 2025, 19:53")
        #expect(ArticleDateFormat(timeZone: newYork).string(from: july) == "Tue 8 Jul 2025, 14:40")
        #expect(ArticleDateFormat(timeZone: TimeZone(identifier: "Asia/Tokyo")).string(from: november) == "Thu 20 Nov 2025, 09:53")
    }

    @Test("Leap day and dates before 1970")
    func edges() {
        let utc = ArticleDateFormat(timeZone: TimeZone(secondsFromGMT: 0))
        #expect(utc.string(from: Date(timeIntervalSince1970: 1_709_211_900)) == "Thu 29 Feb 2024, 13:05")
        #expect(
            ArticleDateFormat(timeZone: TimeZone(secondsFromGMT: -18_000)).string(from: Date(timeIntervalSince1970: 0))
                == "Wed 31 Dec 1969, 19:00")
    }
}
