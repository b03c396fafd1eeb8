import NewsCore

/// New York's offset from UTC, for the times the NYT writes without one (Most Popular's `updated`): UTC−4
/// from the second Sunday of March at 02:00 to the first Sunday of November at 02:00 (the US rule since
/// 2007; Most Popular's lists cover the last 30 days), UTC−5 otherwise. The hour that repeats as the
/// clocks go back is read as its first, daylight one.
enum NewYorkTime {
    static let standardOffset = -5 * 3_600
    static let daylightOffset = -4 * 3_600

    /// The offset east of UTC, in seconds, of the New York time `localSeconds` (that time read as UTC).
    static func offset(atLocalSeconds localSeconds: Int) -> Int {
        let day = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        let year = CivilCalendar.date(ofDay: day).year
        let start = sunday(year: year, month: 3, nth: 2) * 86_400 + 2 * 3_600
        let end = sunday(year: year, month: 11, nth: 1) * 86_400 + 2 * 3_600
        return (start..<end).contains(localSeconds) ? daylightOffset : standardOffset
    }

    /// The `nth` Sunday of `month` in `year`, as days since 1970-01-01 (a Thursday).
    private static func sunday(year: Int, month: Int, nth: Int) -> Int {
        let first = CivilCalendar.days(year: year, month: month, day: 1)
        let weekday = ((first + 4) % 7 + 7) % 7  // 0 is Sunday
        return first + (7 - weekday) % 7 + (nth - 1) * 7
    }
}
