import Testing

@testable import TerminalUI

@Suite("Escape sequences curses did not know, among the keys")
struct EscapeSequencesTests {
    static func keys(_ text: String) -> [Key] {
        text.map {
            switch $0 {
            case "\u{1B}": .escape
            case "\u{07}": .control("g")
            default: .character($0)
            }
        }
    }

    static func read(_ text: String) -> [Key] {
        var sequences = EscapeSequences()
        return sequences.keys(from: keys(text))
    }

    @Test("The device attributes answer, alone or among keys, is left out; what surrounds it stays in order")
    func answersLeftOut() {
        #expect(Self.read("\u{1B}[?62;4c").isEmpty)
        #expect(Self.read("\u{1B}[?65;1;9c").isEmpty, "GNOME Terminal's")
        #expect(Self.read("j\u{1B}[?1;2ck") == Self.keys("jk"))
        #expect(Self.read("\u{1B}[?6c\u{1B}[?6c").isEmpty)
        #expect(Self.read("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\j") == Self.keys("j"), "an OSC colour answer ended by ST")
        #expect(Self.read("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}bg") == Self.keys("bg"), "…and by BEL")
        #expect(Self.read("\u{1B}P1$r0m\u{1B}\\") == [], "a DCS answer")
    }

    @Test("Sequences of keys the reader has are those keys, whatever their modifiers; others are left out, never their bytes")
    func sequencesAreOneKey() {
        #expect(Self.read("\u{1B}[1;5A") == [.up], "Ctrl-Up under TERM=screen: was Escape, [, 1, ;, 5 and A (mark all read)")
        #expect(Self.read("\u{1B}[1;2B\u{1B}[1;3C\u{1B}[D") == [.down, .right, .left])
        #expect(Self.read("\u{1B}[999999999999999A") == [.up])
        #expect(Self.read("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[H\u{1B}[F") == [.home, .end, .home, .end, .home, .end])
        #expect(Self.read("\u{1B}[5~\u{1B}[6;5~\u{1B}[Z") == [.pageUp, .pageDown, .backTab])
        #expect(Self.read("\u{1B}OA\u{1B}OH\u{1B}OM") == [.up, .home, .enter])
        #expect(
            Self.read("\u{1B}Oq\u{1B}Oo\u{1B}Om\u{1B}On") == Self.keys("1/-."), "the keypad's 1, /, - and . (were quit, browser, mark read)"
        )
        #expect(Self.read("\u{1B}[200~mj\u{1B}[201~") == Self.keys("mj"), "a paste's brackets go, the text is typed")
        #expect(Self.read("\u{1B}[2~\u{1B}[3~\u{1B}[15~\u{1B}[24;2~") == [], "Insert, Delete, F5, F12")
        #expect(Self.read("\u{1B}[[A\u{1B}[[E") == [], "the Linux console's F1 and F5")
        #expect(Self.read("\u{1B}[M !!j") == Self.keys("j"), "an X10 mouse report curses did not read")
    }

    @Test("Escape and a character read together are Alt and the character; Escape ending a read is Esc at once")
    func escapeKept() {
        #expect(Self.read("\u{1B}") == [.escape])
        #expect(Self.read("\u{1B}q") == [.alt("q")])
        #expect(Self.read("\u{1B}\u{1B}j") == [.escape, .alt("j")])
        var backspace = EscapeSequences()
        #expect(backspace.keys(from: [.escape, .backspace, .backspace]) == [.alt(Key.backspaceCharacter), .backspace], "Alt-Backspace")
        #expect(Self.read("?") == Self.keys("?"))
        #expect(Self.read("[?1c") == Self.keys("[?1c"))
        var sequences = EscapeSequences()
        #expect(sequences.keys(from: [.escape, .control("n"), .character("?")]) == [.escape, .control("n"), .character("?")])
        #expect(sequences.keys(from: Self.keys("\u{1B}[12")) == [], "an unfinished sequence waits for its end")
        #expect(sequences.keys(from: [.control("c")]) == [.control("c")], "a control ends it and is a key")
    }

    @Test("Escape read with an arrow, Home, End, a page key or Enter is that key alone (Alt dropped), as xterm's Alt-← is")
    func altNavigationKeys() {
        var curses = EscapeSequences()
        #expect(curses.keys(from: [.escape, .left]) == [.left], "rxvt's Alt-←, its ESC [ D made a key by curses")
        #expect(curses.keys(from: [.escape, .pageDown, .character("j")]) == [.pageDown, .character("j")])
        #expect(curses.keys(from: [.escape, .escape, .home]) == [.escape, .home], "Esc, then Alt-Home")
        #expect(Self.read("\u{1B}\u{1B}[D\u{1B}\u{1B}OH\u{1B}\u{1B}[6~") == [.left, .home, .pageDown], "the sequences curses did not know")
        #expect(Self.read("\u{1B}[1;3D") == [.left], "xterm's Alt-←")
        #expect(Self.read("\u{1B}\u{1B}OMj") == [.enter, .character("j")], "Alt and the keypad's Enter")
        #expect(curses.keys(from: [.escape, .enter]) == [.enter], "Alt-Enter")
        #expect(curses.keys(from: [.escape, .tab]) == [.escape, .tab], "Alt-Tab: Esc, then Tab")
        #expect(Self.read("\u{1B}\u{1B}[2~j") == Self.keys("j"), "Alt-Insert: a key the reader does not have, left out with its Alt")
        #expect(Self.read("\u{1B}\u{1B}") == [.escape, .escape])
        var split = EscapeSequences()
        let start = ContinuousClock.now
        #expect(split.keys(from: Self.keys("\u{1B}\u{1B}["), at: start) == [.escape], "cut by the read: the Esc goes at once")
        #expect(split.keys(from: Self.keys("D"), at: start + .milliseconds(20)) == [.left])
    }

    @Test("A sequence split across two reads by a slow link is one key when its end comes soon; later, its bytes are keys")
    func splitAcrossReads() {
        let start = ContinuousClock.Instant.now
        var sequences = EscapeSequences()
        #expect(sequences.keys(from: Self.keys("\u{1B}O"), at: start) == [])
        #expect(sequences.keys(from: Self.keys("Aj"), at: start + .milliseconds(50)) == [.up, .character("j")])
        #expect(sequences.keys(from: Self.keys("\u{1B}"), at: start) == [.escape], "Esc acts at once")
        #expect(sequences.keys(from: Self.keys("[1;5Aj"), at: start + .milliseconds(100)) == [.up, .character("j")])
        #expect(sequences.keys(from: Self.keys("\u{1B}[1;"), at: start) == [])
        #expect(sequences.keys(from: Self.keys("5A"), at: start + .milliseconds(100)) == [.up])
        #expect(sequences.keys(from: Self.keys("\u{1B}"), at: start) == [.escape])
        #expect(sequences.keys(from: Self.keys("[A"), at: start + .seconds(2)) == Self.keys("[A"), "typed long after: keys")
        #expect(sequences.keys(from: Self.keys("\u{1B}"), at: start) == [.escape])
        #expect(sequences.keys(from: Self.keys("jk"), at: start + .milliseconds(50)) == Self.keys("jk"))
    }

    @Test(
        "After an Esc handed on, the next read continues a sequence only with the rest of one that names a key: a key bound to O, P or [ pressed just after Esc acts"
    )
    func keysAfterEsc() {
        let start = ContinuousClock.Instant.now
        for (text, expected) in [
            ("Oj", Self.keys("Oj")), ("O", Self.keys("O")), ("[j", Self.keys("[j")), ("Pjjj", Self.keys("Pjjj")), ("]x", Self.keys("]x")),
            ("^_", Self.keys("^_")), ("Om", Self.keys("Om")), ("[A", [.up]), ("OB", [.down]), ("[1;5Dj", [.left, .character("j")]),
        ] as [(String, [Key])] {
            var sequences = EscapeSequences()
            #expect(sequences.keys(from: [.escape], at: start) == [.escape])
            #expect(sequences.keys(from: Self.keys(text), at: start + .milliseconds(150)) == expected, "\(text)")
        }
    }

    @Test(
        "A resize or a mouse report among a sequence's keys goes through and the sequence goes on (a resize inside Up marked every article read)"
    )
    func resizeInside() {
        let press = Key.mouse(MouseEvent(kind: .press, row: 1, column: 1))
        #expect(EscapeSequencesTests.run([.escape, .character("O"), .resize, .character("A")]) == [.resize, .up])
        #expect(EscapeSequencesTests.run(Self.keys("\u{1B}[1;5") + [.resize, press] + Self.keys("A")) == [.resize, press, .up])
        #expect(EscapeSequencesTests.run([.escape, .resize] + Self.keys("[A")) == [.resize, .up])
        let start = ContinuousClock.Instant.now
        var sequences = EscapeSequences()
        #expect(sequences.keys(from: [.escape], at: start) == [.escape])
        #expect(sequences.keys(from: [.resize], at: start + .milliseconds(50)) == [.resize], "a resize alone after Esc")
        #expect(sequences.keys(from: Self.keys("OA"), at: start + .milliseconds(130)) == [.up], "was A: every article marked read")
    }

    @Test("The keypad in its application mode types its digits and signs")
    func keypad() {
        #expect(Self.read("\u{1B}Op\u{1B}Oy\u{1B}Oj\u{1B}Ok\u{1B}Om\u{1B}On\u{1B}Oo") == Self.keys("09*+-./"))
    }

    static func run(_ keys: [Key]) -> [Key] {
        var sequences = EscapeSequences()
        return sequences.keys(from: keys)
    }

    @Test("A string without its end gives the keys back after the longest a sequence may be")
    func unendedString() {
        let keys = Self.read("\u{1B}]" + String(repeating: "x", count: EscapeSequences.longest + 10) + "q")
        #expect(keys.last == .character("q") && keys.count < 20)
    }
}
