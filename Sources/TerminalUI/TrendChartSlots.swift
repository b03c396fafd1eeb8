import NewsCore

/// How a trend's periods spread over a chart's width: a slot of columns per period, or, when there are
/// more periods than room, per round run of periods (2, 5, 10 … years; 2, 3, 6, 12 … months, aligned to
/// the calendar) whose share is counted over them together: the matches of their imported months over
/// those months' articles.
struct TrendChartSlots {
    /// One slot: the periods it covers and each term's share there (nil: none of them imported).
    struct Slot {
        var periods: Range<Int>
        var shares: [Double?]
        var isImported: Bool { shares.first.map { $0 != nil } ?? false }
    }

    /// Periods a slot may cover, by interval; also the steps of the x axis's labels.
    static func roundCounts(_ interval: TrendInterval) -> [Int] {
        switch interval {
        case .year: return [1, 2, 5, 10, 20, 25, 50, 100, 250, 500, 1_000]
        case .month: return [1, 2, 3, 6, 12, 24, 60, 120, 240, 600, 1_200, 2_400, 6_000, 12_000]
        }
    }

    let slots: [Slot]
    /// Periods per slot (the first and last may have fewer).
    let periodsPerSlot: Int
    /// Columns per slot.
    let width: Int

    /// Slots of at least `minimumWidth` columns for `trend`'s periods in `columns` columns.
    init(_ trend: Trend, columns: Int, minimumWidth: Int) {
        let periods = trend.periods
        let room = max(1, columns / max(1, minimumWidth))
        let counts = Self.roundCounts(trend.interval)
        periodsPerSlot = counts.first { count in Self.slotCount(periods, periodsPerSlot: count) <= room } ?? counts[counts.count - 1]
        var slots: [Slot] = []
        var start = 0
        while start < periods.count {
            var end = start + 1
            while end < periods.count, periods[end].ordinal / periodsPerSlot == periods[start].ordinal / periodsPerSlot { end += 1 }
            let range = start..<end
            let articles = range.reduce(0) { $0 + trend.coverage[$1].articleCount }
            let imported = range.contains { trend.coverage[$0].isImported }
            let shares = trend.series.map { series -> Double? in
                guard imported else { return nil }
                return Trend.share(matches: range.reduce(0) { $0 + (series.matches[$1] ?? 0) }, articles: articles)
            }
            slots.append(Slot(periods: range, shares: shares))
            start = end
        }
        self.slots = slots
        width = slots.isEmpty ? minimumWidth : max(minimumWidth, columns / slots.count)
    }

    /// How many slots of `periodsPerSlot` round periods `periods` (consecutive) take.
    private static func slotCount(_ periods: [TrendPeriod], periodsPerSlot: Int) -> Int {
        guard let first = periods.first, let last = periods.last else { return 0 }
        return last.ordinal / periodsPerSlot - first.ordinal / periodsPerSlot + 1
    }

    /// The first column of slot `index`.
    func start(of index: Int) -> Int { index * width }

    /// The middle column of slot `index`.
    func center(of index: Int) -> Int { index * width + (width - 1) / 2 }

    /// The slot holding period `period` (an index of the trend's periods).
    func slot(holding period: Int) -> Int {
        slots.firstIndex { $0.periods.contains(period) } ?? 0
    }
}
