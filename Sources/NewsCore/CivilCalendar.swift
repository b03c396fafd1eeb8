/// Proleptic Gregorian dates as day counts since 1970-01-01, without a calendar object (Howard Hinnant's
/// algorithms): what NYT dates, HTTP dates and search days need, with no locale or time-zone data loaded.
public enum CivilCalendar {
    /// The days of `month` (1–12) in `year` of the Gregorian calendar.
    public static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of `year`-`month`-`day`.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of the day `days` since 1970-01-01.
    public static func date(ofDay days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day (UTC) `secondsSince1970` falls in, as days since 1970-01-01.
    public static func day(atSeconds secondsSince1970: Double) -> Int {
        Int((secondsSince1970 / 86_400).rounded(.down))
    }

    /// The day `days` since 1970-01-01 as `YYYY-MM-DD`.
    public static func isoDate(ofDay days: Int) -> String {
        let day = date(ofDay: days)
        return DecimalText.zeroPadded(day.year, width: 4) + "-" + DecimalText.zeroPadded(day.month, width: 2) + "-"
            + DecimalText.zeroPadded(day.day, width: 2)
    }

    /// The year the day `days` since 1970-01-01 falls in.
    public static func year(ofDay days: Int) -> Int {
        date(ofDay: days).year
    }
}
