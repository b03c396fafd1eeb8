/// Breaks a paragraph into lines of at most `width` columns: at spaces, between CJK characters
/// (which have no spaces), and inside a word only when the word alone is wider than a line.
public enum WordWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line: [Character] = []
        var lineWidth = 0
        /// Where the line may be broken: index into `line` where the next line would start.
        var breakIndex: Int? = nil

        func emit(upTo end: Int, resumeAt start: Int) {
            lines.append(String(line[..<end]).trimmingTrailingSpaces())
            line.removeSubrange(..<start)
            while line.first == " " { line.removeFirst() }
            lineWidth = line.reduce(0) { $0 + DisplayWidth.of($1) }
            breakIndex = nil
        }

        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if character == " " {
                if line.isEmpty { continue }
                line.append(character)
                lineWidth += 1
                breakIndex = line.count
                continue
            }
            if lineWidth + characterWidth > width {
                if let index = breakIndex, index > 0 {
                    emit(upTo: index, resumeAt: index)
                } else if !line.isEmpty {
                    emit(upTo: line.count, resumeAt: line.count)
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
        let rest = String(line).trimmingTrailingSpaces()
        if !rest.isEmpty { lines.append(rest) }
        return lines
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " {
            end = index(before: end)
        }
        return String(self[..<end])
    }
}
