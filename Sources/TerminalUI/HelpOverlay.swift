import ReaderViewModel

/// Every key and what it does, as the key map binds them, and the NYT attribution.
struct HelpOverlay {
    static let attribution = "Data provided by The New York Times"

    let keyMap: KeyMap

    /// The overlay's lines: keys in a column, then what they do.
    func lines() -> [(keys: String, summary: String)] {
        var lines = Action.allCases.map { action in
            (keys: keyMap.keys(for: action).map(\.label).joined(separator: " "), summary: action.summary)
        }
        lines.append((keys: "Ctrl-Z", summary: "suspend (fg to come back)"))
        return lines
    }

    func draw(in area: Rect, on screen: any Screen) {
        let lines = lines()
        let keysWidth = min(18, lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let summaryWidth = lines.map { DisplayWidth.of($0.summary) }.max() ?? 0
        let width = max(keysWidth + 2 + summaryWidth, DisplayWidth.of(Self.attribution))
        let box = OverlayBox(contentRows: lines.count + 2, contentWidth: width, in: area)
        box.draw(title: "Keys", on: screen)
        let content = box.content
        guard content.height > 0, content.width > 0 else { return }
        let attributionRow = content.row + content.height - 1
        let keyStyle = TextStyle(role: .accent, bold: true)
        for (offset, line) in lines.prefix(max(0, content.height - 2)).enumerated() {
            let row = content.row + offset
            screen.draw(DisplayWidth.prefix(line.keys, fitting: min(keysWidth, content.width)).text, row: row, column: content.column, style: keyStyle)
            let summaryColumn = content.column + keysWidth + 2
            let room = content.column + content.width - summaryColumn
            if room > 0 {
                screen.draw(DisplayWidth.prefix(line.summary, fitting: room).text, row: row, column: summaryColumn, style: .plain)
            }
        }
        screen.draw(DisplayWidth.prefix(Self.attribution, fitting: content.width).text, row: attributionRow, column: content.column, style: TextStyle(role: .muted))
    }
}
