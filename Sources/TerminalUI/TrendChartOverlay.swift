import NewsCore
import ReaderViewModel

/// The trend overlay (`t`): the chart of the search's words over the archive in a frame over the panes,
/// a dotted line on the highlighted period, that period's counts, and the keys. Everything is cut to the
/// frame: at any size it draws nothing outside it.
struct TrendChartOverlay {
    /// A trend matches every word whole (`war` is not `warming`), where a `/` search still being typed
    /// matches its last word's beginning: the frame says so.
    static let title = "Trend of whole words"
    static let keys = "←→ period  Enter its articles  Esc close"

    func draw(_ overlay: TrendOverlay, in area: Rect, on screen: any Screen) {
        let box = OverlayBox(contentRows: area.height, contentWidth: area.width, in: area)
        box.draw(title: Self.title, on: screen)
        let content = box.content
        guard content.height > 0, content.width > 0 else { return }
        guard let trend = overlay.trend else {
            draw(Self.counting(overlay.term), row: content.row, in: content, style: TextStyle(role: .muted), on: screen)
            return
        }
        let chartRows = max(0, content.height - 2)
        let lines = TrendChart(trend).render(columns: content.width, rows: chartRows, cursor: overlay.selection)
        for (offset, line) in lines.prefix(chartRows).enumerated() {
            var column = content.column
            for run in line.runs {
                let room = content.column + content.width - column
                guard room > 0 else { break }
                let text = DisplayWidth.prefix(run.text, fitting: room).text
                screen.draw(text, row: content.row + offset, column: column, style: Self.style(of: run.role))
                column += DisplayWidth.of(text)
            }
        }
        if content.height >= 2 {
            let bottom = content.row + content.height
            draw(Self.periodLine(overlay), row: bottom - 2, in: content, style: TextStyle(role: .accent, bold: true), on: screen)
            draw(Self.keys, row: bottom - 1, in: content, style: TextStyle(role: .muted), on: screen)
        }
    }

    /// `Counting “climate” in the archive…`
    static func counting(_ term: String) -> String {
        "Counting “\(term.terminalSafe)” in the archive…"
    }

    /// The highlighted period's counts: `1987: 1,234 of 98,765 articles (124.9 per 10,000)`, or that it is
    /// not imported.
    static func periodLine(_ overlay: TrendOverlay) -> String {
        guard let (coverage, matches) = overlay.selected else { return "" }
        let period = coverage.period.description
        guard let matches else { return "\(period): not imported" }
        var text = "\(period): \(GroupedCount(matches)) of \(GroupedCount(coverage.articleCount)) articles"
        if let share = Trend.share(matches: matches, articles: coverage.articleCount) {
            text += " (\(DecimalText.fixed(share, digits: 1, grouped: true)) per \(GroupedCount(Trend.shareBase)))"
        }
        if coverage.importedMonthCount < coverage.monthCount {
            text += " · \(coverage.importedMonthCount) of \(coverage.monthCount) months imported"
        }
        return text
    }

    /// How a part of the chart is drawn with the reader's theme.
    static func style(of role: TrendChartRole) -> TextStyle {
        switch role {
        case .plain: return .plain
        case .title: return TextStyle(bold: true)
        case .axis, .label, .gap: return TextStyle(role: .muted)
        case .cursor: return TextStyle(role: .selection)
        case .series(let index): return TextStyle(role: seriesRoles[index % seriesRoles.count], bold: true)
        }
    }

    /// The terms' roles, in order (the reader charts one term).
    private static let seriesRoles: [ColorRole] = [.accent, .unread, .error, .header]

    /// One line of text in the content, indented by a column as the chart's own lines are.
    private func draw(_ text: String, row: Int, in content: Rect, style: TextStyle, on screen: any Screen) {
        let indent = min(1, content.width - 1)
        screen.draw(
            DisplayWidth.prefix(text, fitting: content.width - indent).text, row: row, column: content.column + indent, style: style)
    }
}
