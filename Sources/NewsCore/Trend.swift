/// The share of archived articles matching each of some terms, period by period.
public struct Trend: Hashable, Sendable {
    public var interval: TrendInterval
    /// Every period of the range, oldest first, imported or not.
    public var coverage: [TrendCoverage]
    /// One per term, in the order asked.
    public var series: [TrendSeries]
    /// The months counted: a year at either end may be counted in part (`--from 2011-06`).
    public var months: ClosedRange<ArchiveMonth>?

    /// Shares are given as articles per this many.
    public static let shareBase = 10_000

    public init(interval: TrendInterval, coverage: [TrendCoverage], series: [TrendSeries], months: ClosedRange<ArchiveMonth>? = nil) {
        self.interval = interval
        self.coverage = coverage
        self.series = series
        self.months = months
    }

    /// `2011 from June, 2012 to March`: the years at the ends of a trend by year that its months cover in
    /// part; nil when they are whole, or the trend is by month.
    public var yearsInPart: String? {
        guard interval == .year, let months else { return nil }
        let (first, last) = (months.lowerBound, months.upperBound)
        if first.year == last.year {
            return first.month == 1 && last.month == 12 ? nil : "\(first.year) from \(first.monthName) to \(last.monthName)"
        }
        let cut = [
            first.month == 1 ? nil : "\(first.year) from \(first.monthName)", last.month == 12 ? nil : "\(last.year) to \(last.monthName)",
        ].compactMap { $0 }
        return cut.isEmpty ? nil : cut.joined(separator: ", ")
    }

    public var periods: [TrendPeriod] { coverage.map(\.period) }

    /// Months in the range.
    public var monthCount: Int { coverage.reduce(0) { $0 + $1.monthCount } }
    /// Months in the range imported whole.
    public var importedMonthCount: Int { coverage.reduce(0) { $0 + $1.importedMonthCount } }

    /// `matches` of `articles` as articles per `shareBase`; nil for a gap: nothing imported, or a period
    /// imported that holds no article (no share of nothing is 0 %).
    public static func share(matches: Int?, articles: Int) -> Double? {
        guard let matches, articles > 0 else { return nil }
        return Double(matches) * Double(shareBase) / Double(articles)
    }

    /// The share of series `term` in period `index`, per `shareBase` articles; nil for a gap.
    public func share(term: Int, period index: Int) -> Double? {
        Self.share(matches: series[term].matches[index], articles: coverage[index].articleCount)
    }
}

extension Trend {
    /// This trend with the periods of `later` (the same terms, counted by the same interval, over the
    /// periods right after these) after its own.
    public func appending(_ later: Trend) -> Trend {
        var joined = self
        joined.coverage += later.coverage
        if let first = months?.lowerBound ?? later.months?.lowerBound, let last = later.months?.upperBound ?? months?.upperBound {
            joined.months = first...last
        }
        for index in joined.series.indices where later.series.indices.contains(index) {
            joined.series[index].matches += later.series[index].matches
        }
        return joined
    }
}
