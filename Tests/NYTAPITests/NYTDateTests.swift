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
}
