/// The share of archived articles matching each of some terms, period by period.
public struct Trend: Hashable, Sendable {
    public var interval: TrendInterval
    /// Every period of the range, oldest first, imported or not.
    public var coverage: [TrendCoverage]
    /// One per term, in the order asked.
    public var series: [TrendSeries]

    /// Shares are given as articles per this many.
    public static let shareBase = 10_000

    public init(interval: TrendInterval, coverage: [TrendCoverage], series: [TrendSeries]) {
        self.interval = interval
        self.coverage = coverage
        self.series = series
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
        for index in joined.series.indices where later.series.indices.contains(index) {
            joined.series[index].matches += later.series[index].matches
        }
        return joined
    }
}
