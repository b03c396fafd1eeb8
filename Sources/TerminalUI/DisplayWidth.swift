/// Terminal column widths of text, as curses lays it out: each scalar takes what `wcwidth` gives it
/// (East Asian wide and emoji two columns, combining marks, variation selectors and joiners none), so an
/// emoji sequence takes the sum of its parts: `❤️` 1, `1️⃣` 1, `🇫🇷` 2, `👍🏽` 4, `👩‍💻` 4 (drawn without its joiner).
/// Computed from Unicode data, not the C locale, so it is the same in tests and in the program;
/// `SystemWidthTests` hold it to glibc's wcwidth for every scalar glibc knows, and the screen draws a
/// stand-in for one it does not (`NcursesScreen.draw`).
public enum DisplayWidth {
    /// Columns a string takes.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// Columns one grapheme takes: the sum of its scalars' widths.
    public static func of(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// Whether a scalar is sent to the terminal. The zero-width joiner is not: tmux (and other terminals)
    /// join the emoji around it into one 2-column glyph while curses counts every emoji of the sequence,
    /// which would shift the rest of the row. Without it the emoji are drawn side by side, as counted.
    public static func isDrawn(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value != 0x200D
    }

    /// Columns one scalar takes.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .format where isPrependedMark(value):
            return 1
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        // Hangul medial vowels and final consonants, and a Dives Akuru mark glibc takes as nonspacing.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) || value == 0x1171E { return 0 }
        return isWide(value) ? 2 : 1
    }

    /// Prepended concatenation marks (Arabic number signs and their like): format characters that glibc's
    /// wcwidth, and so curses, gives a column.
    private static func isPrependedMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: return true
        default: return false
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, EastAsianWidth.txt, W and F), and those glibc's
    /// wcwidth takes as wide beside them (the Yijing hexagrams, Tangut and Khitan additions, Kana
    /// extensions, the Chinese-symbol rounds).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18D08, 0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E,
            0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
            0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4,
            0x1F3F8...0x1F43E, 0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
            0x1F550...0x1F567, 0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
            0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC,
            0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
            0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The longest prefix of `text` that fits in `width` columns, never splitting a grapheme.
    /// When text is cut and `ellipsis` is set, the last column holds `…`.
    public static func prefix(_ text: String, fitting width: Int, ellipsis: Bool = true) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let count = text.utf8.count
            if count <= width { return (text, count) }
            if ellipsis {
                return (String(text.utf8.prefix(width - 1))! + "…", width)
            }
            return (String(text.utf8.prefix(width))!, width)
        }
        var used = 0
        var end = text.startIndex
        var lastFit = text.startIndex  // end of the prefix that leaves room for the ellipsis
        var lastFitWidth = 0
        for index in text.indices {
            let characterWidth = of(text[index])
            if used + characterWidth > width {
                guard ellipsis else { return (String(text[..<end]), used) }
                return (String(text[..<lastFit]) + "…", lastFitWidth + 1)
            }
            used += characterWidth
            end = text.index(after: index)
            if used <= width - 1 {
                lastFit = end
                lastFitWidth = used
            }
        }
        return (text, used)
    }

    /// `text` when it fits in `width` columns, else its start and its end with `…` between them (the end
    /// gets half the room, rounded down), never splitting a grapheme: a web address keeps its host and
    /// its last words.
    public static func middle(_ text: String, fitting width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 2 else { return prefix(text, fitting: width).text }
        let tailText = suffix(text, fitting: (width - 1) / 2)
        let head = prefix(text, fitting: width - 1 - of(tailText), ellipsis: false).text
        return head + "…" + tailText
    }

    /// The longest end of `text` that fits in `width` columns, never splitting a grapheme.
    public static func suffix(_ text: String, fitting width: Int) -> String {
        var room = width
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let characterWidth = of(text[previous])
            guard characterWidth <= room else { break }
            room -= characterWidth
            start = previous
        }
        return String(text[start...])
    }
}
