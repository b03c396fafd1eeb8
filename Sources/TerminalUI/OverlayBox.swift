import NewsCore

/// A framed panel centered over the panes, for the help and the section picker.
struct OverlayBox {
    /// The panel's outer rectangle.
    let frame: Rect

    /// A box for `contentRows` lines of `contentWidth` columns inside `area`, shrunk to fit it.
    init(contentRows: Int, contentWidth: Int, in area: Rect) {
        let height = min(area.height, contentRows + 2)
        let width = min(area.width, contentWidth + 4)
        frame = Rect(
            row: area.row + (area.height - height) / 2,
            column: area.column + (area.width - width) / 2,
            height: height,
            width: width
        )
    }

    /// The rectangle inside the border, one column of padding on each side.
    var content: Rect {
        Rect(row: frame.row + 1, column: frame.column + 2, height: max(0, frame.height - 2), width: max(0, frame.width - 4))
    }

    /// Clears the panel and draws its border with `title` in the top edge.
    func draw(title: String, on screen: any Screen) {
        screen.cover(frame)
        let style = TextStyle(role: .accent)
        let inner = max(0, frame.width - 2)
        for row in frame.row..<(frame.row + frame.height) {
            screen.fill(row: row, column: frame.column, width: frame.width, style: .plain)
        }
        let caption = DisplayWidth.prefix(" \(title) ", fitting: max(0, inner - 2)).text
        let top = "┌─" + caption + String(repeating: "─", count: max(0, inner - 1 - DisplayWidth.of(caption))) + "┐"
        screen.draw(top, row: frame.row, column: frame.column, style: style)
        for row in (frame.row + 1)..<max(frame.row + 1, frame.row + frame.height - 1) {
            screen.draw("│", row: row, column: frame.column, style: style)
            screen.draw("│", row: row, column: frame.column + frame.width - 1, style: style)
        }
        screen.draw("└" + String(repeating: "─", count: inner) + "┘", row: frame.row + frame.height - 1, column: frame.column, style: style)
    }

    /// Writes `note` into the top or bottom edge, right-aligned, when the edge has room for it.
    func drawNote(_ note: String, onTopEdge: Bool, on screen: any Screen) {
        let text = " \(note) "
        let width = DisplayWidth.of(text)
        guard frame.height >= 2, frame.width - 4 >= width else { return }
        let row = onTopEdge ? frame.row : frame.row + frame.height - 1
        screen.draw(text, row: row, column: frame.column + frame.width - 2 - width, style: TextStyle(role: .accent, bold: true))
    }
}
