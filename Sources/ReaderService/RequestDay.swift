import FoundationEssentials
import NewsCore

/// The day NYT requests are counted under: the UTC calendar day, as `YYYY-MM-DD`.
struct RequestDay: Hashable, Sendable {
    let text: String

    init(_ date: Date) {
        let day = CivilCalendar.date(ofDay: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        text = "\(pad(day.year, 4))-\(pad(day.month, 2))-\(pad(day.day, 2))"
    }
}
