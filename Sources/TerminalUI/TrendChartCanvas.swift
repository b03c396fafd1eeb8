/// A grid of character cells, each with a role, that a trend chart is drawn on and read back from as lines.
struct TrendChartCanvas {
    let columns: Int
    /// Each cell holds one character, or "" for the right half of a wide one.
    private(set) var cells: [[String]]
    private(set) var roles: [[TrendChartRole]]

    init(rows: Int, columns: Int) {
        self.columns = columns
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        roles = Array(repeating: Array(repeating: .plain, count: columns), count: rows)
    }

    var rows: Int { cells.count }

    /// The character at `row`, `column` (a space off the grid).
    func character(row: Int, column: Int) -> String {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return " " }
        return cells[row][column]
    }

    /// Puts one character of one column at `row`, `column`; off the grid, nothing.
    mutating func put(_ character: String, row: Int, column: Int, role: TrendChartRole) {
        guard (0..<rows).contains(row), (0..<columns).contains(column) else { return }
        cells[row][column] = character
        roles[row][column] = role
    }

    /// Writes `text` from `column`, cut (with `…`) where the grid ends; returns the column after it.
    @discardableResult
    mutating func write(_ text: String, row: Int, column: Int, role: TrendChartRole) -> Int {
        guard (0..<rows).contains(row), column < columns else { return column }
        var column = max(0, column)
        for character in DisplayWidth.prefix(text, fitting: columns - column).text {
            let width = DisplayWidth.of(character)
            guard width > 0 else { continue }
            cells[row][column] = String(character)
            roles[row][column] = role
            if width == 2 {
                cells[row][column + 1] = ""
                roles[row][column + 1] = role
            }
            column += width
        }
        return column
    }

    /// The grid as lines of runs, trailing spaces left out.
    var lines: [TrendChartLine] {
        (0..<rows).map { row in
            var end = columns
            while end > 0, cells[row][end - 1] == " " { end -= 1 }
            var runs: [TrendChartRun] = []
            for column in 0..<end {
                let role = cells[row][column] == " " ? TrendChartRole.plain : roles[row][column]
                if let last = runs.last, last.role == role {
                    runs[runs.count - 1].text += cells[row][column]
                } else {
                    runs.append(TrendChartRun(cells[row][column], role: role))
                }
            }
            return TrendChartLine(runs: runs)
        }
    }
}
