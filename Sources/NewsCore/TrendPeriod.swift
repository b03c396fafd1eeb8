/// A year or a month of the archive: the unit a trend counts articles by.
public struct TrendPeriod: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1 … 12, or nil for the whole year.
    public let month: Int?

    /// The whole of `year`.
    public init(year: Int) {
        self.year = year
        self.month = nil
    }

    /// One month.
    public init(_ month: ArchiveMonth) {
        self.year = month.year
        self.month = month.month
    }

    /// The period of `interval` that holds `month`.
    public init(containing month: ArchiveMonth, by interval: TrendInterval) {
        switch interval {
        case .year: self.init(year: month.year)
        case .month: self.init(month)
        }
    }

    /// `2024` or `2024-03` (the text `description` gives), for any year from 1 to 9999.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 4, let year = ArchiveMonth.number(bytes[0..<4]), year > 0 else { return nil }
        switch bytes.count {
        case 4:
            self.init(year: year)
        case 7 where bytes[4] == UInt8(ascii: "-"):
            guard let month = ArchiveMonth.number(bytes[5..<7]), (1...12).contains(month) else { return nil }
            self.init(ArchiveMonth(uncheckedYear: year, month: month))
        default:
            return nil
        }
    }

    public var interval: TrendInterval { month == nil ? .year : .month }

    /// The period's first month (January for a year).
    public var firstMonth: ArchiveMonth { ArchiveMonth(uncheckedYear: year, month: month ?? 1) }

    /// The period's last month (December for a year).
    public var lastMonth: ArchiveMonth { ArchiveMonth(uncheckedYear: year, month: month ?? 12) }

    /// The period's place among those of its interval: the year, or the months since January of year 0.
    public var ordinal: Int { month.map { year * 12 + $0 - 1 } ?? year }

    /// `2024` for a year, `2024-03` for a month.
    public var description: String {
        let year = DecimalText.zeroPadded(year, width: 4)
        return month.map { year + "-" + DecimalText.zeroPadded($0, width: 2) } ?? year
    }

    public static func < (lhs: TrendPeriod, rhs: TrendPeriod) -> Bool {
        (lhs.year, lhs.month ?? 0) < (rhs.year, rhs.month ?? 0)
    }

    /// Every period of `interval` from the one holding `first` to the one holding `last`, oldest first.
    public static func periods(from first: ArchiveMonth, through last: ArchiveMonth, by interval: TrendInterval) -> [TrendPeriod] {
        guard first <= last else { return [] }
        switch interval {
        case .year:
            return (first.year...last.year).map(TrendPeriod.init(year:))
        case .month:
            var periods: [TrendPeriod] = []
            var month = first
            while month <= last {
                periods.append(TrendPeriod(month))
                month = month.next
            }
            return periods
        }
    }
}
