import Foundation

/// A terminal screen as tmux's `capture-pane -p -e -N` gives it (text with SGR escapes), read into cells
/// with their colors, and drawn as an SVG picture for the README.
struct StyledCapture: Equatable {
    /// A color as the terminal was told it.
    enum Color: Hashable {
        case terminalDefault
        case palette(Int)
        case rgb(Int, Int, Int)
    }

    struct Cell: Hashable {
        var character: Character = " "
        var foreground = Color.terminalDefault
        var background = Color.terminalDefault
        var bold = false
        var dim = false
        var reverse = false

        /// The colors shown: swapped in reverse video.
        var shown: (foreground: Color, background: Color) {
            guard reverse else { return (foreground, background) }
            let (fore, back) = (StyledCapture.defaultForeground, StyledCapture.defaultBackground)
            return (
                background == .terminalDefault ? .rgb(back.0, back.1, back.2) : background,
                foreground == .terminalDefault ? .rgb(fore.0, fore.1, fore.2) : foreground
            )
        }
    }

    let rows: [[Cell]]
    let columns: Int

    /// Reads `text` (one line per row, SGR escapes between the characters) into `rows` × `columns` cells.
    init(_ text: String, columns: Int, rows rowCount: Int) {
        var pen = Cell()
        var rows: [[Cell]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(rowCount) {
            var row: [Cell] = []
            var scalars = line.unicodeScalars[...]
            while let scalar = scalars.first {
                scalars = scalars.dropFirst()
                if scalar == "\u{1B}", scalars.first == "[" {
                    // Parameters, then the final byte (`m` for SGR).
                    let parameters = scalars.dropFirst().prefix { !("@"..."~").contains($0) }
                    let sequence = scalars.dropFirst().prefix(parameters.count + 1)
                    scalars = scalars.dropFirst(parameters.count + 2)
                    Self.apply(String(String.UnicodeScalarView(sequence)), to: &pen)
                    continue
                }
                guard row.count < columns else { continue }
                var cell = pen
                cell.character = Character(scalar)
                row.append(cell)
            }
            // Past the last cell tmux writes (colored blanks included, with -N) the row is blank.
            while row.count < columns { row.append(Cell()) }
            rows.append(row)
        }
        while rows.count < rowCount { rows.append(Array(repeating: Cell(), count: columns)) }
        self.rows = rows
        self.columns = columns
    }

    /// The rows as plain text, trailing spaces removed.
    var lines: [String] {
        rows.map { String($0.map(\.character)).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
    }

    /// Applies a control sequence (what follows `ESC [`, its final byte included) to `pen` when it is SGR.
    private static func apply(_ sequence: String, to pen: inout Cell) {
        guard sequence.hasSuffix("m") else { return }
        var numbers = sequence.dropLast().split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if numbers.isEmpty { numbers = [0] }
        while let number = numbers.popFirst() {
            switch number {
            case 0: pen = Cell()
            case 1: pen.bold = true
            case 2: pen.dim = true
            case 7: pen.reverse = true
            case 22: (pen.bold, pen.dim) = (false, false)
            case 27: pen.reverse = false
            case 30...37: pen.foreground = .palette(number - 30)
            case 40...47: pen.background = .palette(number - 40)
            case 90...97: pen.foreground = .palette(number - 90 + 8)
            case 100...107: pen.background = .palette(number - 100 + 8)
            case 39: pen.foreground = .terminalDefault
            case 49: pen.background = .terminalDefault
            case 38, 48:
                let color: Color
                switch numbers.popFirst() {
                case 5: color = .palette(numbers.popFirst() ?? 0)
                case 2:
                    let channels = (numbers.popFirst() ?? 0, numbers.popFirst() ?? 0, numbers.popFirst() ?? 0)
                    color = .rgb(channels.0, channels.1, channels.2)
                default: continue
                }
                if number == 38 { pen.foreground = color } else { pen.background = color }
            default: continue
            }
        }
    }

    // MARK: - SVG

    static let cellWidth = 8.4
    static let cellHeight = 17.0
    static let defaultBackground = (30, 30, 30)
    static let defaultForeground = (212, 212, 212)

    /// The screen as an SVG picture: each run of cells of one background a rectangle, each run of text of
    /// one style a `<text>` in a monospace font; `capture` (the escapes tmux gave) kept inside, base64.
    func svg(capture: String, title: String) -> String {
        let width = Double(columns) * Self.cellWidth
        let height = Double(rows.count) * Self.cellHeight
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.number(width))" height="\(Self.number(height))" \
            viewBox="0 0 \(Self.number(width)) \(Self.number(height))" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" \
            font-size="14">
            <title>\(Self.escaped(title))</title>
            <metadata id="capture">\(Data(capture.utf8).base64EncodedString())</metadata>
            <rect width="100%" height="100%" fill="\(Self.hex(Self.defaultBackground))"/>

            """
        for (index, row) in rows.enumerated() {
            let y = Double(index) * Self.cellHeight
            for run in Self.runs(row, by: { $0.shown.background }) where run.key != .terminalDefault {
                out +=
                    "<rect x=\"\(Self.number(Double(run.start) * Self.cellWidth))\" y=\"\(Self.number(y))\" "
                    + "width=\"\(Self.number(Double(run.count) * Self.cellWidth + 0.4))\" height=\"\(Self.number(Self.cellHeight + 0.4))\" "
                    + "fill=\"\(Self.hex(Self.rgb(run.key, foreground: false)))\"/>\n"
            }
            // Block elements are drawn as the rectangles they stand for: no font fills a cell exactly.
            for (column, cell) in row.enumerated() {
                guard let scalar = cell.character.unicodeScalars.first, let parts = Self.blockParts(scalar) else { continue }
                for part in parts {
                    out +=
                        "<rect x=\"\(Self.number((Double(column) + part.x) * Self.cellWidth))\" y=\"\(Self.number(y + part.y * Self.cellHeight))\" "
                        + "width=\"\(Self.number(part.width * Self.cellWidth + 0.4))\" height=\"\(Self.number(part.height * Self.cellHeight + 0.4))\" "
                        + "fill=\"\(Self.hex(Self.rgb(cell.shown.foreground, foreground: true)))\""
                        + (part.opacity < 1 ? " opacity=\"\(part.opacity)\"" : "") + "/>\n"
                }
            }
            for run in Self.runs(row, by: { TextStyleKey(cell: $0) }) {
                let text = String(
                    row[run.start..<run.start + run.count].map { cell in
                        cell.character.unicodeScalars.first.flatMap(Self.blockParts) == nil ? cell.character : " "
                    })
                guard text.contains(where: { $0 != " " }) else { continue }
                let style = run.key
                out +=
                    "<text x=\"\(Self.number(Double(run.start) * Self.cellWidth))\" y=\"\(Self.number(y + Self.cellHeight * 0.78))\" "
                    + "textLength=\"\(Self.number(Double(run.count) * Self.cellWidth))\" lengthAdjust=\"spacingAndGlyphs\" "
                    + "fill=\"\(Self.hex(Self.rgb(style.foreground, foreground: true)))\""
                    + (style.bold ? " font-weight=\"bold\"" : "") + (style.dim ? " opacity=\"0.6\"" : "")
                    + " xml:space=\"preserve\">\(Self.escaped(text))</text>\n"
            }
        }
        return out + "</svg>\n"
    }

    /// The capture kept in an SVG `svg(capture:title:)` wrote; nil when there is none.
    static func capture(inSVG svg: String) -> String? {
        guard let start = svg.range(of: "<metadata id=\"capture\">"),
            let end = svg.range(of: "</metadata>", range: start.upperBound..<svg.endIndex),
            let data = Data(base64Encoded: String(svg[start.upperBound..<end.lowerBound]))
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The parts of a cell (fractions of its width and height from its top left) a block element
    /// (U+2580–U+259F) fills in the foreground color, with the opacity of a shade; nil for any other character.
    static func blockParts(_ scalar: Unicode.Scalar) -> [(x: Double, y: Double, width: Double, height: Double, opacity: Double)]? {
        let code = Int(scalar.value)
        let (upperLeft, upperRight, lowerLeft, lowerRight) = ((0.0, 0.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5))
        func quadrants(_ corners: [(Double, Double)]) -> [(x: Double, y: Double, width: Double, height: Double, opacity: Double)] {
            corners.map { ($0.0, $0.1, 0.5, 0.5, 1) }
        }
        switch code {
        case 0x2580: return [(0, 0, 1, 0.5, 1)]
        case 0x2581...0x2588:
            let height = Double(code - 0x2580) / 8
            return [(0, 1 - height, 1, height, 1)]
        case 0x2589...0x258F: return [(0, 0, Double(0x2590 - code) / 8, 1, 1)]
        case 0x2590: return [(0.5, 0, 0.5, 1, 1)]
        case 0x2591...0x2593: return [(0, 0, 1, 1, Double(code - 0x2590) / 4)]
        case 0x2594: return [(0, 0, 1, 0.125, 1)]
        case 0x2595: return [(0.875, 0, 0.125, 1, 1)]
        case 0x2596: return quadrants([lowerLeft])
        case 0x2597: return quadrants([lowerRight])
        case 0x2598: return quadrants([upperLeft])
        case 0x2599: return quadrants([upperLeft, lowerLeft, lowerRight])
        case 0x259A: return quadrants([upperLeft, lowerRight])
        case 0x259B: return quadrants([upperLeft, upperRight, lowerLeft])
        case 0x259C: return quadrants([upperLeft, upperRight, lowerRight])
        case 0x259D: return quadrants([upperRight])
        case 0x259E: return quadrants([upperRight, lowerLeft])
        case 0x259F: return quadrants([upperRight, lowerLeft, lowerRight])
        default: return nil
        }
    }

    private struct TextStyleKey: Hashable {
        var foreground: Color
        var bold: Bool
        var dim: Bool

        init(cell: Cell) {
            foreground = cell.shown.foreground
            bold = cell.bold
            dim = cell.dim
        }
    }

    /// The runs of equal `key` along `row`.
    private static func runs<Key: Hashable>(_ row: [Cell], by key: (Cell) -> Key) -> [(key: Key, start: Int, count: Int)] {
        var runs: [(key: Key, start: Int, count: Int)] = []
        for (index, cell) in row.enumerated() {
            let value = key(cell)
            if let last = runs.last, last.key == value {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((value, index, 1))
            }
        }
        return runs
    }

    /// xterm's colors: the 16 standard ones, the 6 × 6 × 6 cube, the 24 grays.
    static func rgb(_ color: Color, foreground: Bool) -> (Int, Int, Int) {
        switch color {
        case .terminalDefault:
            return foreground ? defaultForeground : defaultBackground
        case .rgb(let red, let green, let blue):
            return (red, green, blue)
        case .palette(let index) where index < 16:
            let standard = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            return standard[max(0, index)]
        case .palette(let index) where index < 232:
            let levels = [0, 95, 135, 175, 215, 255]
            let cube = index - 16
            return (levels[cube / 36], levels[cube / 6 % 6], levels[cube % 6])
        case .palette(let index):
            let gray = 8 + 10 * (min(index, 255) - 232)
            return (gray, gray, gray)
        }
    }

    private static func hex(_ color: (Int, Int, Int)) -> String {
        String(format: "#%02x%02x%02x", color.0, color.1, color.2)
    }

    private static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
