import NewsCore

/// Breaks a paragraph into lines of at most `width` columns: at spaces, between CJK characters
/// (which have no spaces), and inside a word only when the word alone is wider than a line.
/// Characters go in one at a time, so a long paragraph can be wrapped only as far as it is shown.
public struct WordWrap {
    public let width: Int
    /// The characters of the line being filled.
    private var line: [Character] = []
    private var lineWidth = 0
    /// Where the line may be broken: index into `line` where the next line would start.
    private var breakIndex: Int? = nil

    public init(width: Int) {
        self.width = width
    }

    /// Characters a line holds at most: a line of zero-width characters ends somewhere too.
    private var maximumCharacters: Int { max(1_024, width * 4) }

    /// The lines of `text` at `width` columns.
    public static func lines(_ text: String, width: Int) -> [String] {
        var wrap = WordWrap(width: width)
        var lines: [String] = []
        for character in text {
            wrap.append(character, to: &lines)
        }
        wrap.finish(to: &lines)
        return lines
    }

    /// Adds the paragraph's next character; the lines it completes are appended to `lines`.
    public mutating func append(_ character: Character, to lines: inout [String]) {
        guard width > 0 else { return }
        let characterWidth = DisplayWidth.of(character)
        if character == " " {
            if line.isEmpty { return }
            // A full line ends here: the spaces after it would be trimmed, so they are not kept.
            guard lineWidth < width else {
                breakIndex = line.count
                return
            }
            line.append(character)
            lineWidth += 1
            breakIndex = line.count
            return
        }
        if lineWidth + characterWidth > width || line.count >= maximumCharacters {
            if let index = breakIndex, index > 0 {
                emit(upTo: index, to: &lines)
            } else if !line.isEmpty {
                emit(upTo: line.count, to: &lines)
            }
        }
        if characterWidth >= 2, let last = line.last, DisplayWidth.of(last) >= 2 {
            breakIndex = line.count
        }
        line.append(character)
        lineWidth += characterWidth
        if characterWidth >= 2 {
            breakIndex = line.count
        }
    }

    /// Ends the paragraph: appends its last line, if it has one.
    public mutating func finish(to lines: inout [String]) {
        let rest = String(line).trimmingTrailingSpaces()
        if !rest.isEmpty { lines.append(rest) }
        line.removeAll()
        lineWidth = 0
        breakIndex = nil
    }

    /// Appends the line up to `end`; the next line starts there, without leading spaces.
    private mutating func emit(upTo end: Int, to lines: inout [String]) {
        lines.append(String(line[..<end]).trimmingTrailingSpaces())
        line.removeSubrange(..<end)
        while line.first == " " { line.removeFirst() }
        lineWidth = line.reduce(0) { $0 + DisplayWidth.of($1) }
        breakIndex = nil
    }
}
