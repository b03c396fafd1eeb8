import Testing

@testable import TerminalUI

@Suite("A terminal's late answer among the keys")
struct TerminalAnswerKeysTests {
    static func keys(_ text: String) -> [Key] {
        text.map { $0 == "\u{1B}" ? .escape : .character($0) }
    }

    @Test("The device attributes answer, alone or among keys, is left out; what surrounds it stays in order")
    func answersLeftOut() {
        #expect(TerminalAnswerKeys.removingAnswers(from: Self.keys("\u{1B}[?62;4c")).isEmpty)
        #expect(TerminalAnswerKeys.removingAnswers(from: Self.keys("\u{1B}[?65;1;9c")).isEmpty, "GNOME Terminal's")
        #expect(TerminalAnswerKeys.removingAnswers(from: Self.keys("j\u{1B}[?1;2ck")) == Self.keys("jk"))
        #expect(TerminalAnswerKeys.removingAnswers(from: Self.keys("\u{1B}[?6c\u{1B}[?6c")).isEmpty)
    }

    @Test("Keys that only look like the start of an answer are kept: Escape, [, ?, an unfinished or other sequence")
    func lookalikesKept() {
        for text in ["\u{1B}", "\u{1B}[", "\u{1B}[?", "\u{1B}[?c", "\u{1B}[?62;4", "\u{1B}[?62;4x", "\u{1B}[62c", "?", "[?1c"] {
            #expect(TerminalAnswerKeys.removingAnswers(from: Self.keys(text)) == Self.keys(text), "\(text.debugDescription)")
        }
        #expect(TerminalAnswerKeys.removingAnswers(from: [.escape, .up, .character("?")]) == [.escape, .up, .character("?")])
    }
}
