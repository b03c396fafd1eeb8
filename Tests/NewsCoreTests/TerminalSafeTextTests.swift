import NewsCore
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
}
