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

    @Test("Every naughty string and terminal attack comes out with no control, separator or bidi scalar; printable text is kept")
    func naughtyStrings() {
        let inputs = NaughtyStrings.list + NaughtyStrings.terminalAttacks
        #expect(NaughtyStrings.list.count > 500, "the list was read")
        #expect(NaughtyStrings.list.contains { $0.unicodeScalars.contains("\u{1B}") }, "raw controls arrive as listed")
        for input in inputs {
            let output = input.terminalSafe
            #expect(
                !output.unicodeScalars.contains(where: NaughtyStrings.isUnsafe), "\(input.debugDescription) → \(output.debugDescription)")
            // Without a scalar that starts a sequence, nothing but the unsafe scalars goes: line breaks and
            // tabs become spaces, every other scalar stays where it was.
            let introducers: Set<UInt32> = [0x1B, 0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F]
            if !input.unicodeScalars.contains(where: { introducers.contains($0.value) }) {
                var expected = String.UnicodeScalarView()
                for scalar in input.unicodeScalars {
                    if [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value) {
                        expected.append(" ")
                    } else if !NaughtyStrings.isUnsafe(scalar) {
                        expected.append(scalar)
                    }
                }
                #expect(
                    output.unicodeScalars.elementsEqual(expected),
                    "printable text changed: \(input.debugDescription) → \(output.debugDescription)")
            }
        }
    }

    @Test(
        "Two-character escapes, charset switches and unterminated strings are removed with what they consume",
        arguments: [
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
