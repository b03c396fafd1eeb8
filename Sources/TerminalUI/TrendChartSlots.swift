import NewsCore

/// How a trend's periods spread over a chart's width: a slot of columns per period, or, when there are
/// more periods than room, per run of consecutive periods whose share is counted over them together
/// (the matches of their imported months over those months' articles).
struct TrendChartSlots {
    /// One slot: the periods it covers and each term's share there (nil: none of them imported).
    struct Slot {
        var periods: Range<Int>
        var shares: [Double?]
        var isImported: Bool { shares.first.map { $0 != nil } ?? false }
    }

    let slots: [Slot]
    /// Periods per slot (the last slot may have fewer).
    let periodsPerSlot: Int
    /// Columns per slot.
    let width: Int

    /// Slots of at least `minimumWidth` columns for `trend`'s periods in `columns` columns.
    init(_ trend: Trend, columns: Int, minimumWidth: Int) {
        let count = trend.coverage.count
        let room = max(1, columns / max(1, minimumWidth))
        periodsPerSlot = max(1, (count + room - 1) / room)
        var slots: [Slot] = []
        var start = 0
        while start < count {
            let periods = start..<min(count, start + periodsPerSlot)
            let articles = periods.reduce(0) { $0 + trend.coverage[$1].articleCount }
            let imported = periods.contains { trend.coverage[$0].isImported }
            let shares = trend.series.map { series -> Double? in
                guard imported else { return nil }
                let matches = periods.reduce(0) { $0 + (series.matches[$1] ?? 0) }
                return Trend.share(matches: matches, articles: articles)
            }
            slots.append(Slot(periods: periods, shares: shares))
            start = periods.upperBound
        }
        self.slots = slots
        width = slots.isEmpty ? minimumWidth : max(minimumWidth, columns / slots.count)
    }

    /// The first column of slot `index`.
    func start(of index: Int) -> Int { index * width }

    /// The middle column of slot `index`.
    func center(of index: Int) -> Int { index * width + (width - 1) / 2 }

    /// The slot holding period `period`.
    func slot(holding period: Int) -> Int { period / periodsPerSlot }
}
