import NewsCore

/// The x axis of a trend chart: labels of round periods (years divisible by 1, 2, 5, 10 …; months every
/// 1, 2, 3, 6 or 12, then whole years), spaced so that they never touch.
struct TrendChartXAxis {
    /// A label and the column of its tick.
    struct Tick: Hashable {
        var column: Int
        var label: String
    }

    let ticks: [Tick]

    /// The ticks for `periods` laid out in `slots`, labels at least two columns apart: the smallest round
    /// step (a multiple of the periods in a slot) that labels two periods or more, else the first and last
    /// periods, else the first.
    init(periods: [TrendPeriod], slots: TrendChartSlots) {
        guard let first = periods.first else {
            ticks = []
            return
        }
        for step in TrendChartSlots.roundCounts(first.interval) where step % slots.periodsPerSlot == 0 {
            let ticks = Self.ticks(periods: periods, slots: slots, step: step)
            if ticks.count >= min(2, periods.count), Self.fits(ticks) {
                self.ticks = ticks
                return
            }
        }
        let ends = Set([0, periods.count - 1]).sorted().map {
            Tick(column: slots.center(of: slots.slot(holding: $0)), label: periods[$0].description)
        }
        ticks = Self.fits(ends) ? ends : [ends[0]]
    }

    /// Ticks of the periods that are multiples of `step` (years, or months counted from year 0).
    private static func ticks(periods: [TrendPeriod], slots: TrendChartSlots, step: Int) -> [Tick] {
        periods.indices.compactMap { index in
            let period = periods[index]
            guard period.ordinal % step == 0 else { return nil }
            let label = period.month != nil && step >= 12 ? TrendPeriod(year: period.year).description : period.description
            return Tick(column: slots.center(of: slots.slot(holding: index)), label: label)
        }
    }

    /// Whether labels centered on `ticks` leave two columns between each other.
    private static func fits(_ ticks: [Tick]) -> Bool {
        zip(ticks, ticks.dropFirst()).allSatisfy { left, right in
            right.column - left.column >= (left.label.count + right.label.count + 1) / 2 + 2
        }
    }

    /// Where each label starts: centered on its tick, moved inside `0 ..< width`; a label that would
    /// touch the one before is left out.
    func labelPlacements(width: Int) -> [(column: Int, label: String)] {
        var placements: [(column: Int, label: String)] = []
        var free = 0
        for tick in ticks {
            let start = min(max(0, tick.column - (tick.label.count - 1) / 2), width - tick.label.count)
            guard start >= free, start >= 0 else { continue }
            placements.append((start, tick.label))
            free = start + tick.label.count + 2
        }
        return placements
    }
}
