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

    public var interval: TrendInterval { month == nil ? .year : .month }

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
