import Foundation
import Testing

@testable import NYTAPI

@Suite("NYT timestamps")
struct NYTDateTests {
    @Test(
        "Both offset forms and Z parse to the same instant",
        arguments: [
            "2024-05-01T05:00:03-04:00",
            "2024-05-01T05:00:03-0400",
            "2024-05-01T09:00:03+00:00",
            "2024-05-01T09:00:03+0000",
            "2024-05-01T09:00:03Z",
        ])
    func offsets(text: String) {
        #expect(NYTDate.parse(text) == Date(timeIntervalSince1970: 1_714_554_003))
    }

    @Test("Fractional seconds are kept")
    func fractions() {
        #expect(NYTDate.parse("2024-05-01T09:00:03.250Z") == Date(timeIntervalSince1970: 1_714_554_003.25))
    }

    @Test("A date without a time (Most Popular's) is noon UTC: the same day in New York and from UTC−11 to UTC+11")
    func dateOnly() {
        #expect(NYTDate.parse("2024-01-05") == Date(timeIntervalSince1970: 1_704_412_800 + 12 * 3_600))
    }

    @Test(
        "Most Popular's updated, a time without an offset, is New York's: EST, EDT from the second Sunday of March at 2:00 to the first Sunday of November at 2:00",
        arguments: [
            ("2026-11-20 08:14:02", "2026-11-20T13:14:02Z"),
            ("2026-07-04 12:00:00", "2026-07-04T16:00:00Z"),
            ("2026-03-08 01:59:59", "2026-03-08T06:59:59Z"),
            ("2026-03-08 03:00:00", "2026-03-08T07:00:00Z"),
            ("2026-11-01 00:59:59", "2026-11-01T04:59:59Z"),
            ("2026-11-01 02:00:00", "2026-11-01T07:00:00Z"),
            ("2027-03-14 03:00:00", "2027-03-14T07:00:00Z"),
            ("2027-03-13 12:00:00", "2027-03-13T17:00:00Z"),
        ])
    func newYorkTime(local: String, utc: String) {
        #expect(NYTDate.parseNewYork(local) == NYTDate.parse(utc))
    }

    @Test("A time with its offset, or a day alone, reads the same as New York's as it does as UTC's")
    func newYorkTimeWithOffset() {
        for text in ["2024-05-01T05:00:03-04:00", "2024-05-01T09:00:03Z", "2024-01-05", "2024-01-05T10:00:00+0000"] {
            #expect(NYTDate.parseNewYork(text) == NYTDate.parse(text), "\(text)")
        }
    }

    @Test("Seconds may be left out")
    func withoutSeconds() {
        #expect(NYTDate.parse("2024-01-05T10:00") == Date(timeIntervalSince1970: 1_704_448_800))
    }

    @Test(
        "Nonsense does not parse",
        arguments: ["", "yesterday", "2024-13-01T00:00:00Z", "2024-01-05T25:00:00Z", "2024-01-05T10:00:00+0000 extra"])
    func nonsense(text: String) {
        #expect(NYTDate.parse(text) == nil)
    }

    @Test(
        "A day that does not exist, a year outside 1851 … next year, or an offset past ±14 h is no date",
        arguments: [
            "2026-02-30T05:00:04-05:00", "2023-02-29", "2024-04-31T00:00:00Z", "0001-01-01T00:00:00Z", "1850-12-31T23:59:59Z",
            "9999-12-31T23:59:59-05:00", "\(NYTDate.latestYear + 1)-01-01T00:00:00Z", "2024-01-05T10:00:00+9900",
            "2024-01-05T10:00:00-15:00", "2024-01-05T10:00:00+01:75",
        ])
    func impossible(text: String) {
        #expect(NYTDate.parse(text) == nil)
    }

    @Test("The edges that exist parse: a leap day, the NYT's first year, next year, ±14 h")
    func edges() {
        for text in [
            "2024-02-29T12:00:00Z", "2000-02-29", "1851-09-18T00:00:00Z", "\(NYTDate.latestYear)-12-31T23:59:59Z",
            "2024-01-05T10:00:00+14:00", "2024-01-05T10:00:00-12:00",
        ] {
            #expect(NYTDate.parse(text) != nil, "\(text)")
        }
    }
}
