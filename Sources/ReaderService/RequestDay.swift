import FoundationEssentials
import NewsCore

/// The day NYT requests are counted under: the UTC calendar day, as `YYYY-MM-DD`.
struct RequestDay: Hashable, Sendable {
    let text: String

    init(_ date: Date) {
        text = CivilCalendar.isoDate(ofDay: CivilCalendar.day(atSeconds: date.timeIntervalSince1970))
    }
}
