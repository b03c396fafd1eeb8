/// The time a date given as a day alone is kept at (Most Popular's `published_date`, `2026-11-19`): its
/// noon UTC, the same day from UTC−11 to UTC+11; midnight would be the evening before in New York. A
/// stored time at that second of a day is taken for a day alone where a precise time of the same article
/// is known beside it (`ArticleMerge`).
public enum DayOnlyTime {
    /// The hour (UTC) of the day a day alone is kept at.
    public static let hour = 12

    /// Whether `seconds` since 1970 is a day alone's time.
    public static func isDayOnly(_ seconds: Int64) -> Bool {
        let secondOfDay = seconds % 86_400
        return (secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay) == Int64(hour * 3_600)
    }
}
