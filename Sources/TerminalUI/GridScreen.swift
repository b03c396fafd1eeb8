import NewsCore

/// A screen in memory: a grid of cells, so a rendered frame can be read back as text and compared.
@_spi(Testing) public final class GridScreen: Screen {
    public private(set) var size: ScreenSize
    /// Each cell holds a scalar with the zero-width ones that follow it, or "" for the right half of a wide one.
    private var cells: [[String]]
    private var styles: [[TextStyle]]

    public init(rows: Int, columns: Int) {
        self.size = ScreenSize(rows: rows, columns: columns)
        self.cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        self.styles = Array(repeating: Array(repeating: .plain, count: columns), count: rows)
    }

    public func resize(rows: Int, columns: Int) {
        self.size = ScreenSize(rows: rows, columns: columns)
        erase()
    }

    public func erase() {
        cells = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
        styles = Array(repeating: Array(repeating: .plain, count: size.columns), count: size.rows)
    }

    /// Lays text out the way curses does: a scalar with a width starts a cell (a wide one also covers the
    /// next), a zero-width one joins the cell before it; scalars the terminal is not sent are skipped.
    public func draw(_ text: String, row: Int, column: Int, style: TextStyle) {
        guard (0..<size.rows).contains(row) else { return }
        var column = column
        var lastCell: Int?
        for scalar in text.unicodeScalars where DisplayWidth.isDrawn(scalar) {
            let width = DisplayWidth.of(scalar)
            guard width > 0 else {
                if let lastCell { cells[row][lastCell].unicodeScalars.append(scalar) }
                continue
            }
            guard column >= 0, column + width <= size.columns else { return }
            cells[row][column] = String(scalar)
            styles[row][column] = style
            if width == 2 {
                cells[row][column + 1] = ""
                styles[row][column + 1] = style
            }
            lastCell = column
            column += width
        }
    }

    public func fill(row: Int, column: Int, width: Int, style: TextStyle) {
        guard (0..<size.rows).contains(row) else { return }
        for index in max(0, column)..<min(size.columns, column + width) {
            cells[row][index] = " "
            styles[row][index] = style
        }
    }

    public func present() {}

    /// The frame as lines of text, trailing spaces removed.
    public var lines: [String] {
        cells.map { $0.joined().trimmingTrailingSpaces() }
    }

    /// The frame as one string, lines joined by newlines.
    public var text: String {
        lines.joined(separator: "\n")
    }

    /// The text in the cell at `row`, `column` ("" for the right half of a wide one).
    public func cell(row: Int, column: Int) -> String {
        cells[row][column]
    }

    /// The style of the cell at `row`, `column`.
    public func style(row: Int, column: Int) -> TextStyle {
        styles[row][column]
    }
}
