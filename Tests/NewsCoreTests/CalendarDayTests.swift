import Foundation
import NewsCore
import Testing

/// Day arithmetic without a calendar object, and the days a search may name.
@Suite("Civil dates and search days")
struct CalendarDayTests {
    @Test("Days and dates round-trip from 1600 to 2400, and agree with known days")
    func roundTrip() {
        #expect(CivilCalendar.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.days(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilCalendar.days(year: 1851, month: 9, day: 18) == -43_204)
        for days in stride(from: -135_000, through: 157_000, by: 97) {
            let (year, month, day) = CivilCalendar.date(ofDay: days)
            #expect(CivilCalendar.days(year: year, month: month, day: day) == days)
        }
        #expect(CivilCalendar.year(ofDay: Int(Date(timeIntervalSince1970: 1_800_000_000).timeIntervalSince1970 / 86_400)) == 2027)
    }

    @Test(
        "Real days from 1851 to the latest year; anything else is not a day",
        arguments: [
            ("2024-02-29", true), ("1851-01-01", true), ("2027-12-31", true), ("2000-02-29", true),
            ("2023-02-29", false), ("1900-02-29", false), ("1850-12-31", false), ("2028-01-01", false), ("2024-13-01", false),
            ("2024-04-31", false), ("+123-01-01", false), (" 2024-01-01", false), ("2024-1-01", false), ("２０２４-01-01", false),
            ("2024-01-00", false), ("", false),
        ])
    func searchDays(text: String, valid: Bool) {
        let day = SearchDay(text, latestYear: 2027)
        #expect((day != nil) == valid, "\(text)")
        if valid { #expect(day?.description == text) }
    }

    @Test("The API form, the order, and the latest year")
    func forms() throws {
        let day = try #require(SearchDay("2024-02-09", latestYear: 2030))
        #expect(day.apiValue == "20240209")
        #expect(try #require(SearchDay("2024-02-10", latestYear: 2030)) > day)
        #expect(SearchDay.latestYear(at: 1_800_000_000) == 2028)
    }
}
