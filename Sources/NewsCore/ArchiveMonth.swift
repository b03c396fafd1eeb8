import FoundationEssentials

/// A calendar month of the NYT's archive (the Archive API serves one month a request, from January 1851).
public struct ArchiveMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1 … 12.
    public let month: Int

    /// The first month the NYT has articles for.
    public static let first = ArchiveMonth(uncheckedYear: 1851, month: 1)

    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// `March`.
    public var monthName: String { Self.monthNames[month - 1] }

    init(uncheckedYear year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// The month, when it is one from January 1851 to `latest`.
    public init?(year: Int, month: Int, latest: ArchiveMonth) {
        let candidate = ArchiveMonth(uncheckedYear: year, month: month)
        guard (1...12).contains(month), candidate >= Self.first, candidate <= latest else { return nil }
        self = candidate
    }

    /// `2024-03` (ASCII digits only), when it names a month from January 1851 to `latest`.
    public init?(_ text: some StringProtocol, latest: ArchiveMonth) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7])
        else { return nil }
        self.init(year: year, month: month, latest: latest)
    }

    /// This month (UTC): the latest the archive can have.
    public static var current: ArchiveMonth {
        ArchiveMonth(containingDay: CivilCalendar.day(atSeconds: Date().timeIntervalSince1970))
    }

    /// The month that holds the day `daysSince1970` (UTC).
    public init(containingDay daysSince1970: Int) {
        let day = CivilCalendar.date(ofDay: daysSince1970)
        self.init(uncheckedYear: day.year, month: day.month)
    }

    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The month after this one.
    public var next: ArchiveMonth {
        month == 12 ? ArchiveMonth(uncheckedYear: year + 1, month: 1) : ArchiveMonth(uncheckedYear: year, month: month + 1)
    }

    /// The month before this one.
    public var previous: ArchiveMonth {
        month == 1 ? ArchiveMonth(uncheckedYear: year - 1, month: 12) : ArchiveMonth(uncheckedYear: year, month: month - 1)
    }

    /// When an import of the month holds all of it: a day after the month ended (UTC), once its last
    /// articles, dated in New York up to five hours behind, are in the NYT's archive. A month imported before
    /// then is imported again to fetch what it has had since.
    public var wholeAfter: Date {
        Date(timeIntervalSince1970: Double(CivilCalendar.days(year: next.year, month: next.month, day: 1) + 1) * 86_400)
    }

    /// `2024-03`.
    public var description: String {
        DecimalText.zeroPadded(year, width: 4) + "-" + DecimalText.zeroPadded(month, width: 2)
    }

    /// `March 2024`.
    public var title: String { "\(Self.monthNames[month - 1]) \(year)" }

    public static func < (lhs: ArchiveMonth, rhs: ArchiveMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    /// The months `text` names, oldest first: `2024-03`, `2024` (its months up to `latest`), or a range
    /// `2019-01..2024-12` (either end may be a year: `2019..2020`). Nil when it names none, or a month
    /// before 1851 or after `latest`.
    public static func months(_ text: String, latest: ArchiveMonth) -> [ArchiveMonth]? {
        let parts = text.split(separator: "..", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1:
            guard let range = bounds(parts[0], latest: latest) else { return nil }
            return months(from: range.first, through: range.last)
        case 2:
            guard let start = bounds(parts[0], latest: latest), let end = bounds(parts[1], latest: latest),
                start.first <= end.last
            else { return nil }
            return months(from: start.first, through: end.last)
        default:
            return nil
        }
    }

    /// A month, or a year's first and last month (up to `latest`).
    private static func bounds(_ text: String, latest: ArchiveMonth) -> (first: ArchiveMonth, last: ArchiveMonth)? {
        if let month = ArchiveMonth(text, latest: latest) { return (month, month) }
        let bytes = Array(text.utf8)
        guard bytes.count == 4, let year = number(bytes[0..<4]),
            let first = ArchiveMonth(year: year, month: 1, latest: latest)
        else { return nil }
        return (first, min(ArchiveMonth(uncheckedYear: year, month: 12), latest))
    }

    private static func months(from first: ArchiveMonth, through last: ArchiveMonth) -> [ArchiveMonth] {
        var months: [ArchiveMonth] = []
        var month = first
        while month <= last {
            months.append(month)
            month = month.next
        }
        return months
    }
}
