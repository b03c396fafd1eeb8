/// What a trend is asked for: terms, counted by year or month, over a range of archive months.
public struct TrendQuery: Hashable, Sendable {
    /// Each term as a person types it into the reader's `/` search.
    public var terms: [String]
    public var interval: TrendInterval
    /// The first month counted; nil: the first month of the first period imported (see `bounds`).
    public var first: ArchiveMonth?
    /// The last month counted; nil: the last month of the last period imported, `latest` at the latest.
    public var last: ArchiveMonth?
    /// The month the archive ends with: this one.
    public var latest: ArchiveMonth

    public init(
        terms: [String], interval: TrendInterval = .year, first: ArchiveMonth? = nil, last: ArchiveMonth? = nil,
        latest: ArchiveMonth = .current
    ) {
        self.terms = terms
        self.interval = interval
        self.first = first
        self.last = last
        self.latest = latest
    }

    /// The months counted, of the months `imported`: `first` and `last`, and for a bound not given the first
    /// or last month imported, widened to the whole period that holds it (up to `latest`), so that a year
    /// imported in part at either end of the range is charted as one; when that lies beyond the other bound,
    /// the other bound. Nil when a bound is missing and nothing is imported, or the bounds are reversed.
    public func bounds(imported: some Collection<ArchiveMonth>) -> (first: ArchiveMonth, last: ArchiveMonth)? {
        let start = first ?? imported.min().map { Swift.min(TrendPeriod(containing: $0, by: interval).firstMonth, last ?? $0) }
        let end =
            last
            ?? imported.max().map { month in
                Swift.max(Swift.min(TrendPeriod(containing: month, by: interval).lastMonth, Swift.max(latest, month)), start ?? month)
            }
        guard let start, let end, start <= end else { return nil }
        return (start, end)
    }
}

extension TrendQuery {
    /// The query in two, an older part and a newer, each of whole periods with about half of the
    /// articles of the months `imported` (each imported month and its articles), so the two can be
    /// counted side by side; the two trends, the newer appended to the older, are the whole query's.
    /// Nil when the range has fewer than two periods or no article. The bounds not given are those a trend
    /// takes (`bounds`).
    public func halves(imported: [ArchiveMonth: Int]) -> (older: TrendQuery, newer: TrendQuery)? {
        guard let (start, end) = bounds(imported: imported.keys) else { return nil }
        let periods = TrendPeriod.periods(from: start, through: end, by: interval)
        guard periods.count >= 2 else { return nil }
        var articles = Array(repeating: 0, count: periods.count)
        let position = Dictionary(uniqueKeysWithValues: periods.enumerated().map { ($0.element, $0.offset) })
        for (month, count) in imported where start <= month && month <= end {
            articles[position[TrendPeriod(containing: month, by: interval)]!] += count
        }
        let total = articles.reduce(0, +)
        guard total > 0 else { return nil }
        // The first period of the newer part: where the running total passes half, the period that
        // passes it goes to the part it leaves closer to half.
        var running = 0
        var split = periods.count - 1
        for (index, count) in articles.enumerated() {
            if (running + count) * 2 >= total {
                let closerBefore = abs(running * 2 - total) <= abs((running + count) * 2 - total)
                split = Swift.min(Swift.max(1, closerBefore ? index : index + 1), periods.count - 1)
                break
            }
            running += count
        }
        let boundary = periods[split].firstMonth
        var older = self
        older.first = start
        older.last = boundary.previous
        var newer = self
        newer.first = boundary
        newer.last = end
        return (older, newer)
    }
}
