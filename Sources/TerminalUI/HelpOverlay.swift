import NewsCore
import ReaderViewModel

/// Every key and what it does, as the key map binds them, and the NYT attribution. In one column
/// when the terminal is tall enough, else in two.
struct HelpOverlay {
    static let attribution = "Data provided by The New York Times"

    let keyMap: KeyMap

    /// The overlay's entries: the keys bound to each action, and what it does.
    func entries() -> [(keys: String, summary: String)] {
        var entries = Action.allCases.map { action in
            (keys: keyMap.keys(for: action).map(\.label).joined(separator: " "), summary: action.summary)
        }
        entries.append((keys: "Ctrl-Z", summary: "suspend (fg to come back)"))
        return entries
    }

    func draw(in area: Rect, on screen: any Screen) {
        let entries = entries()
        let keysWidth = min(18, entries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let summaryWidth = entries.map { DisplayWidth.of($0.summary) }.max() ?? 0
        let columnWidth = keysWidth + 2 + summaryWidth
        // Two rows below the entries: a blank one and the attribution.
        let columns = entries.count + 2 + 2 <= area.height ? 1 : 2
        let rows = (entries.count + columns - 1) / columns
        let gap = 3
        let width = max(columnWidth * columns + gap * (columns - 1), DisplayWidth.of(Self.attribution))
        let box = OverlayBox(contentRows: rows + 2, contentWidth: width, in: area)
        box.draw(title: "Keys", on: screen)
        let content = box.content
        guard content.height > 0, content.width > 0 else { return }
        let shownWidth = columns == 1 ? content.width : (content.width - gap) / 2
        let keyStyle = TextStyle(role: .accent, bold: true)
        for (index, entry) in entries.enumerated() {
            let (column, row) = (index / rows, index % rows)
            guard row < content.height - 2 else { continue }
            let left = content.column + column * (shownWidth + gap)
            screen.draw(
                DisplayWidth.prefix(entry.keys, fitting: min(keysWidth, shownWidth)).text, row: content.row + row, column: left,
                style: keyStyle)
            let room = shownWidth - keysWidth - 2
            if room > 0 {
                screen.draw(
                    DisplayWidth.prefix(entry.summary, fitting: room).text, row: content.row + row, column: left + keysWidth + 2,
                    style: .plain)
            }
        }
        let attributionRow = content.row + content.height - 1
        screen.draw(
            DisplayWidth.prefix(Self.attribution, fitting: content.width).text, row: attributionRow, column: content.column,
            style: TextStyle(role: .muted))
    }
}
