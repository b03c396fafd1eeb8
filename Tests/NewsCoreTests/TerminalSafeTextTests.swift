import NewsCore
import TestSupport
import Testing

@Suite("Text made safe for a terminal")
struct TerminalSafeTextTests {
    @Test("Plain and accented text is unchanged", arguments: ["Plain title", "Søren Ibsen-Dahl wins", "新幹線 turns 62", "Café 😀"])
    func unchanged(text: String) {
        #expect(text.terminalSafe == text)
    }

    @Test("Escape sequences are removed whole")
    func escapes() {
        #expect("Title\u{1B}]2;pwned\u{07} here".terminalSafe == "Title here")
        #expect("\u{1B}[31mRed\u{1B}[0m text".terminalSafe == "Red text")
        #expect("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b".terminalSafe == "alinkb")
        #expect("a\u{9B}2Jb".terminalSafe == "ab")
        #expect("bell\u{07}".terminalSafe == "bell")
    }

    @Test("Line breaks and tabs become spaces; bidi overrides vanish")
    func whitespaceAndBidi() {
        #expect("one\ntwo\tthree\r\n".terminalSafe == "one two three  ")
        #expect("abc\u{202E}def\u{2066}g".terminalSafe == "abcdefg")
    }

    /// Scalars no sanitized text may hold: C0 (tabs and line breaks become spaces), DEL, C1, line and
    /// paragraph separators, and the bidirectional marks, embeddings, overrides and isolates.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C: return true
        default: return false
        }
    }

    @Test("Every naughty string and terminal attack comes out with no control, separator or bidi scalar; clean text is kept whole")
    func naughtyStrings() {
        let inputs = NaughtyStrings.list + NaughtyStrings.terminalAttacks
        #expect(NaughtyStrings.list.count > 500, "the list was read")
        for input in inputs {
            let output = input.terminalSafe
            #expect(!output.unicodeScalars.contains(where: Self.isForbidden), "\(input.debugDescription) → \(output.debugDescription)")
            if !input.unicodeScalars.contains(where: Self.isForbidden) {
                #expect(output == input, "clean text changed: \(input.debugDescription)")
            }
        }
    }

    @Test("Two-character escapes, charset switches and unterminated strings are removed with what they consume", arguments: [
        ("\u{1B}(0lqk\u{1B}(B charset", "lqk charset"),
        ("\u{1B}#8 align", " align"),
        ("\u{1B}c reset", " reset"),
        ("\u{1B}7save\u{1B}8", "save"),
        ("\u{0E}shift out\u{0F}", "shift out"),
        ("keep \u{1B}]0;unterminated osc and the rest", "keep "),
        ("keep \u{90}unterminated dcs", "keep "),
        ("\u{1B}", ""), ("\u{1B}[", ""), ("a\u{1B}\u{1B}[31mb", "ab"),
        ("\u{9D}0;title\u{9C}after", "after"),
        ("del\u{7F}ete", "delete"), ("next\u{85}line", "next line"), ("a\u{2028}b", "a b"),
    ])
    func sequences(input: String, expected: String) {
        #expect(input.terminalSafe == expected)
    }
}
