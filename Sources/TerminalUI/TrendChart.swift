import NewsCore

/// A trend drawn for a terminal: a line or bar chart of each term's share of the archived articles per
/// period, with a title, a legend (one marker and color role per term), a y axis in articles per 10,000,
/// an x axis of round periods, and a line saying how much of the range was imported. Periods that were
/// not imported are gaps: no mark, and a dotted x axis under them. Pure: it makes lines of text with
/// color roles, which the CLI writes with ANSI colors and the reader draws with its theme.
public struct TrendChart {
    public enum Style: String, Hashable, Sendable, CaseIterable {
        /// A marker per period, joined to the next by a line.
        case line
        /// A bar per term and period, side by side.
        case bar
    }

    /// The markers of the terms in a line chart, in order.
    public static let markers = ["●", "■", "▲", "◆", "○", "□"]
    /// The fills of the terms' bars, in order.
    public static let barFills = ["█", "▓", "▒", "░", "▚", "▞"]
    /// The most terms a chart tells apart.
    public static let maximumTerms = markers.count
    /// Lines around the plot: title, legend, x axis, its labels, two lines of coverage.
    public static let framingRows = 6

    public let trend: Trend
    public let style: Style

    public init(_ trend: Trend, style: Style = .line) {
        self.trend = trend
        self.style = style
    }

    /// The chart in `columns` × `rows` (at least `framingRows` + 2 rows are used). Terms are made terminal-safe.
    /// With a `cursor` (an index of the trend's periods), a dotted line marks the column of its period.
    public func render(columns: Int, rows: Int, cursor: Int? = nil) -> [TrendChartLine] {
        let columns = max(20, columns)
        let plotRows = max(2, rows - Self.framingRows)
        var canvas = TrendChartCanvas(rows: plotRows + Self.framingRows, columns: columns)
        canvas.write(title(fitting: columns - 2), row: 0, column: 1, role: .title)
        guard !trend.coverage.isEmpty else {
            canvas.write("No archive month is imported (nytreader archive 2024 imports a year).", row: 1, column: 1, role: .label)
            return Array(canvas.lines.prefix(2))
        }
        drawLegend(on: &canvas, row: 1)

        // A slot's share averages its periods': the largest period's share is the top of any slot.
        let scale = TrendChartScale(largest: largestShare, rows: plotRows)
        let labelWidth = scale.ticks.map { scale.label($0).count }.max() ?? 1
        let plotColumn = labelWidth + 2
        let plotWidth = max(1, columns - plotColumn - 1)
        let slots = TrendChartSlots(trend, columns: plotWidth, minimumWidth: slotMinimum)
        let plotTop = 2
        let axisRow = plotTop + plotRows

        // The y axis.
        for row in plotTop..<axisRow { canvas.put("│", row: row, column: plotColumn - 1, role: .axis) }
        canvas.put("└", row: axisRow, column: plotColumn - 1, role: .axis)
        for tick in scale.ticks {
            let row = plotTop + self.row(of: tick, scale: scale, plotRows: plotRows)
            if row < axisRow { canvas.put("┤", row: row, column: plotColumn - 1, role: .axis) }
            let label = scale.label(tick)
            canvas.write(label, row: row, column: labelWidth - label.count, role: .label)
        }

        // The x axis: dotted under gaps, a tick under each labelled period.
        for index in slots.slots.indices {
            let imported = slots.slots[index].isImported
            for column in slots.start(of: index)..<slots.start(of: index) + slots.width {
                canvas.put(imported ? "─" : "·", row: axisRow, column: plotColumn + column, role: imported ? .axis : .gap)
            }
        }
        let axis = TrendChartXAxis(periods: trend.periods, slots: slots)
        for tick in axis.ticks where canvas.character(row: axisRow, column: plotColumn + tick.column) == "─" {
            canvas.put("┬", row: axisRow, column: plotColumn + tick.column, role: .axis)
        }
        for placement in axis.labelPlacements(width: columns - plotColumn) {
            canvas.write(placement.label, row: axisRow + 1, column: plotColumn + placement.column, role: .label)
        }

        if let cursor, trend.coverage.indices.contains(cursor) {
            let column = plotColumn + slots.center(of: slots.slot(holding: cursor))
            for row in plotTop..<axisRow where canvas.character(row: row, column: column) == " " {
                canvas.put("┊", row: row, column: column, role: .cursor)
            }
        }
        switch style {
        case .line: drawLines(on: &canvas, slots: slots, scale: scale, origin: (plotTop, plotColumn), plotRows: plotRows)
        case .bar: drawBars(on: &canvas, slots: slots, scale: scale, origin: (plotTop, plotColumn), plotRows: plotRows)
        }
        for (offset, line) in coverageLines(periodsPerSlot: slots.periodsPerSlot, width: columns - 1).enumerated() {
            canvas.write(line, row: axisRow + 2 + offset, column: 1, role: .label)
        }
        let lines = canvas.lines
        return lines.last?.runs.isEmpty == true ? Array(lines.dropLast()) : lines
    }

    // MARK: - Parts

    /// The largest share of any term in any period.
    private var largestShare: Double {
        trend.series.indices.flatMap { term in trend.coverage.indices.compactMap { trend.share(term: term, period: $0) } }.max() ?? 0
    }

    private var slotMinimum: Int {
        style == .line ? 1 : trend.series.count + 1
    }

    /// The title in `width` columns: shorter words when the whole does not fit, so that the range stays.
    private func title(fitting width: Int) -> String {
        let periods = trend.periods
        let range =
            periods.first.map { first in
                periods.count == 1 ? first.description : "\(first)–\(periods[periods.count - 1])"
            } ?? ""
        let by = "by \(trend.interval.rawValue)" + (range.isEmpty ? "" : ", \(range)")
        let titles = ["Archived articles per 10,000 matching each term, " + by, "Articles per 10,000, " + by, "Per 10,000, " + by]
        return titles.first { DisplayWidth.of($0) <= width } ?? titles[titles.count - 1]
    }

    private func mark(of term: Int) -> String {
        (style == .line ? Self.markers : Self.barFills)[term % Self.maximumTerms]
    }

    /// `● term   ■ term …`, each term cut to an equal share of the width when they do not all fit (one
    /// space between them then, when three would leave a term fewer than three columns).
    private func drawLegend(on canvas: inout TrendChartCanvas, row: Int) {
        let terms = trend.series.map { $0.term.terminalSafe }
        let natural = terms.map(DisplayWidth.of)
        func room(gap: Int) -> Int { canvas.columns - 1 - (gap * max(0, terms.count - 1) + 2 * terms.count + 1) }
        var gap = 3
        if natural.reduce(0, +) > room(gap: gap), room(gap: gap) / max(1, terms.count) < 3 { gap = 1 }
        let room = room(gap: gap)
        var share = room / max(1, terms.count)
        if natural.reduce(0, +) > room {
            // Terms no wider than an equal share give their spare columns to the others.
            let short = natural.filter { $0 <= share }
            share = (room - short.reduce(0, +)) / max(1, terms.count - short.count)
        }
        var column = 1
        for (index, term) in terms.enumerated() {
            let text = natural.reduce(0, +) > room ? DisplayWidth.prefix(term, fitting: max(1, share)).text : term
            column = canvas.write(mark(of: index) + " " + text, row: row, column: column, role: .series(index)) + gap
        }
    }

    /// The row (from the plot's top) of `value`: for lines the middle of a row, for bars the top edge.
    private func row(of value: Double, scale: TrendChartScale, plotRows: Int) -> Int {
        let fraction = value / scale.maximum
        switch style {
        case .line: return plotRows - 1 - Int((fraction * Double(plotRows - 1)).rounded())
        case .bar: return plotRows - Int((fraction * Double(plotRows)).rounded())
        }
    }

    private func drawLines(
        on canvas: inout TrendChartCanvas, slots: TrendChartSlots, scale: TrendChartScale, origin: (row: Int, column: Int), plotRows: Int
    ) {
        let points = trend.series.indices.map { term in
            slots.slots.indices.map { index in
                slots.slots[index].shares[term].map {
                    (column: origin.column + slots.center(of: index), row: origin.row + row(of: $0, scale: scale, plotRows: plotRows))
                }
            }
        }
        // The first term is drawn last, on top.
        for term in trend.series.indices.reversed() {
            for (from, to) in zip(points[term], points[term].dropFirst()) {
                guard let from, let to else { continue }
                drawSegment(on: &canvas, from: from, to: to, role: .series(term))
            }
        }
        for term in trend.series.indices.reversed() {
            for point in points[term].compactMap({ $0 }) {
                canvas.put(mark(of: term), row: point.row, column: point.column, role: .series(term))
            }
        }
    }

    /// A line between two markers: across at the first one's height, up or down halfway, across to the second.
    private func drawSegment(
        on canvas: inout TrendChartCanvas, from: (column: Int, row: Int), to: (column: Int, row: Int), role: TrendChartRole
    ) {
        guard to.column - from.column >= 2 else { return }
        let turn = from.column + (to.column - from.column) / 2
        for column in (from.column + 1)..<turn { canvas.put("─", row: from.row, column: column, role: role) }
        for column in (turn + 1)..<to.column { canvas.put("─", row: to.row, column: column, role: role) }
        if from.row == to.row {
            canvas.put("─", row: from.row, column: turn, role: role)
            return
        }
        let rising = to.row < from.row
        canvas.put(rising ? "╯" : "╮", row: from.row, column: turn, role: role)
        canvas.put(rising ? "╭" : "╰", row: to.row, column: turn, role: role)
        for row in (min(from.row, to.row) + 1)..<max(from.row, to.row) { canvas.put("│", row: row, column: turn, role: role) }
    }

    private func drawBars(
        on canvas: inout TrendChartCanvas, slots: TrendChartSlots, scale: TrendChartScale, origin: (row: Int, column: Int), plotRows: Int
    ) {
        let terms = trend.series.count
        let barWidth = max(1, min(3, (slots.width - 1) / max(1, terms)))
        let offset = (slots.width - barWidth * terms) / 2
        for (index, slot) in slots.slots.enumerated() {
            for term in 0..<terms {
                guard let share = slot.shares[term] else { continue }
                let height = plotRows - row(of: share, scale: scale, plotRows: plotRows)
                let column = origin.column + slots.start(of: index) + offset + term * barWidth
                for part in 0..<barWidth {
                    if height == 0 {
                        if share > 0 { canvas.put("▁", row: origin.row + plotRows - 1, column: column + part, role: .series(term)) }
                        continue
                    }
                    for level in 0..<height {
                        canvas.put(mark(of: term), row: origin.row + plotRows - 1 - level, column: column + part, role: .series(term))
                    }
                }
            }
        }
    }

    /// `Imported: 30 of 36 months (83 %) · not imported: 2017, 2019-03–2019-05 · in part: 2024 (3 of 12
    /// months) · counted: 2011 from June · 2 years a column`, on one line or two, each cut to `width`.
    private func coverageLines(periodsPerSlot: Int, width: Int) -> [String] {
        let total = trend.monthCount
        let imported = trend.importedMonthCount
        var percent = total == 0 ? 0 : imported * 100 / total
        if imported > 0, percent == 0 { percent = 1 }
        var parts = ["Imported: \(GroupedCount(imported)) of \(GroupedCount(total)) months (\(percent) %)"]
        let gaps = gapRanges()
        if !gaps.isEmpty { parts.append("not imported: " + gaps.joined(separator: ", ")) }
        let partial = trend.coverage.filter { $0.isImported && $0.importedMonthCount < $0.monthCount }
        if !partial.isEmpty {
            parts.append(
                "in part: " + partial.map { "\($0.period) (\($0.importedMonthCount) of \($0.monthCount) months)" }.joined(separator: ", "))
        }
        if let yearsInPart = trend.yearsInPart { parts.append("counted: " + yearsInPart) }
        if periodsPerSlot > 1 {
            let years = trend.interval == .month && periodsPerSlot % 12 == 0
            parts.append(
                years
                    ? "\(periodsPerSlot / 12) year\(periodsPerSlot == 12 ? "" : "s") a column"
                    : "\(periodsPerSlot) \(trend.interval.rawValue)s a column")
        }
        var lines = [parts[0]]
        for part in parts.dropFirst() {
            let joined = lines[lines.count - 1] + " · " + part
            if DisplayWidth.of(joined) <= width || lines.count == 2 {
                lines[lines.count - 1] = joined
            } else {
                lines.append(part)
            }
        }
        return lines
    }

    /// The runs of periods with no month imported, as `2017` or `2019-03–2019-05`.
    private func gapRanges() -> [String] {
        var ranges: [String] = []
        var index = 0
        let coverage = trend.coverage
        while index < coverage.count {
            guard !coverage[index].isImported else {
                index += 1
                continue
            }
            var last = index
            while last + 1 < coverage.count, !coverage[last + 1].isImported { last += 1 }
            ranges.append(last == index ? coverage[index].period.description : "\(coverage[index].period)–\(coverage[last].period)")
            index = last + 1
        }
        return ranges
    }
}
