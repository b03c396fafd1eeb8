import Foundation
import TestSupport
import Testing

/// What real terminals send that curses does not make into keys, typed into the reader's pane as bytes.
@Suite("Keys as terminals send them", .serialized, .timeLimit(.minutes(2)))
struct TuiInputTests {
    static func bytes(_ reader: TuiHarness, _ text: String) throws {
        _ = try reader.tmux.command(["send-keys", "-H"] + text.utf8.map { String($0, radix: 16) })
    }

    @Test(
        "Under TERM=screen-256color, Ctrl-Up is Up and the keypad's 1 does nothing: their bytes are not keys (A marked every article read, q quit)"
    )
    func unknownSequences() throws {
        let reader = try TuiHarness(environment: ["TERM": "screen-256color"])
        try reader.launch()
        try reader.tmux.press("j", "j", "j")
        try reader.tmux.waitFor("the fourth article") { $0.contains("4/22") }
        try Self.bytes(reader, "\u{1B}[1;5A")
        try reader.tmux.waitFor("Ctrl-Up is Up") { $0.contains("3/22") }
        try Self.bytes(reader, "\u{1B}Oq\u{1B}Om\u{1B}[1;2A")
        try Self.bytes(reader, "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\")
        try Self.bytes(reader, "\u{1B}O")
        Thread.sleep(forTimeInterval: 0.08)
        try Self.bytes(reader, "B")
        try reader.tmux.press("j")
        let screen = try reader.tmux.waitFor("Shift-Up, then an Up split across two reads, then j") { $0.contains("4/22") }
        #expect(screen.contains("22 unread"), "nothing marked read: \(screen)")
        #expect(!screen.contains("saved"), "the OSC answer's b saved nothing")
        #expect(try reader.quit() == 0, "the keypad's 1 did not quit")
    }

    @Test("Home and End as tmux and PuTTY send them under TERM=xterm-256color (ESC [ 1 ~, ESC [ 4 ~), and the rxvt forms")
    func homeAndEnd() throws {
        let reader = try TuiHarness(environment: ["TERM": "xterm-256color"])
        try reader.launch()
        try reader.tmux.press("End")
        try reader.tmux.waitFor("End") { $0.contains("22/22") }
        try reader.tmux.press("Home")
        try reader.tmux.waitFor("Home") { $0.contains("1/22") }
        try Self.bytes(reader, "\u{1B}[8~")
        try reader.tmux.waitFor("rxvt's End") { $0.contains("22/22") }
        try Self.bytes(reader, "\u{1B}[7~")
        try reader.tmux.waitFor("rxvt's Home") { $0.contains("1/22") }
        #expect(try reader.quit() == 0)
    }

    @Test(
        "Under TERM=xterm-256color, Ctrl-Up is Up (curses' kUP5); a key bound to O acts just after Esc; in a prompt Alt-b, Alt-d and Alt-Backspace edit by words, Alt-q closes it without quitting"
    )
    func modifiersAndAlt() throws {
        let reader = try TuiHarness(environment: ["TERM": "xterm-256color"])
        try reader.writeConfig("[keys]\ndown = \"j, O\"\n")
        try reader.launch()
        try reader.tmux.press("j", "j")
        try reader.tmux.waitFor("the third article") { $0.contains("3/22") }
        try reader.tmux.press("C-Up")
        try reader.tmux.waitFor("Ctrl-Up is Up") { $0.contains("2/22") }
        try reader.tmux.press("Escape")
        Thread.sleep(forTimeInterval: 0.1)
        try reader.tmux.press("O")
        try reader.tmux.waitFor("O, bound to down, just after Esc") { $0.contains("3/22") }
        try reader.tmux.press("f")
        try reader.tmux.waitFor("the NYT search prompt") { $0.contains("Search the NYT") }
        _ = try reader.tmux.command(["send-keys", "-l", "climate change policy"])
        try reader.tmux.waitFor("the words") { $0.contains("climate change policy") }
        // Alt-b twice, Alt-d: "climate  policy"; Alt-Backspace at the end: "climate  ".
        try Self.bytes(reader, "\u{1B}b")
        try Self.bytes(reader, "\u{1B}b")
        try Self.bytes(reader, "\u{1B}d")
        try reader.tmux.waitFor("Alt-b twice, then Alt-d") { $0.contains("Search the NYT: climate ▏ policy") }
        try reader.tmux.press("End")
        try Self.bytes(reader, "\u{1B}\u{7F}")
        try reader.tmux.waitFor("Alt-Backspace") { $0.contains("Search the NYT: climate  ▏") && !$0.contains("policy") }
        #expect(try reader.tmux.screen().contains("Search the NYT"), "the prompt stays open")
        try Self.bytes(reader, "\u{1B}q")
        try reader.tmux.waitFor("the prompt closed") { !$0.contains("Search the NYT") }
        try reader.tmux.press("j")
        let screen = try reader.tmux.waitFor("j after it") { $0.contains("4/22") }
        #expect(!screen.contains("EXIT="), "Alt-q did not quit")
        // The keypad in its application mode, which xterm's entry names key by key (kpZRO, kpSUB, kc1…).
        try reader.tmux.press("f")
        try reader.tmux.waitFor("the prompt again") { $0.contains("Search the NYT") }
        try reader.tmux.press("KP2", "KP0", "KP2", "KP4", "KP-", "KP1", "KP7", "KP.", "KP5")
        try reader.tmux.waitFor("the keypad's digits and signs") { $0.contains("2024-17.5") }
        try reader.tmux.press("Escape")
        try reader.tmux.waitFor("the prompt closed") { !$0.contains("Search the NYT") }
        #expect(try reader.quit() == 0)
    }

    @Test(
        "A byte that is not UTF-8 is dropped alone (curses' wget_wch dropped what followed it in the read); a character split between two reads is whole"
    )
    func bytesNotUTF8() throws {
        let reader = try TuiHarness()
        try reader.launch()
        try reader.tmux.press("/")
        try reader.tmux.waitFor("the search field") { $0.contains("Tab: all cached") }
        _ = try reader.tmux.command(["send-keys", "-H", "73", "75", "ff", "62", "e9", "77", "61"])
        try reader.tmux.waitFor("the letters around the bytes") { $0.contains("/subwa▏") }
        _ = try reader.tmux.command(["send-keys", "-H", "79", "20", "e2", "82"])
        Thread.sleep(forTimeInterval: 0.15)
        _ = try reader.tmux.command(["send-keys", "-H", "ac"])
        let screen = try reader.tmux.waitFor("€ from two reads") { $0.contains("/subway €▏") }
        #expect(!screen.contains("\u{FFFD}"))
        try reader.tmux.press("BSpace", "BSpace")
        try reader.tmux.waitFor("the search for subway") { $0.contains("1 match") }
        try reader.tmux.press("Enter")
        try reader.tmux.waitFor("the search kept") { !$0.contains("Tab: all cached") }
        #expect(try reader.quit() == 0)
    }

    @Test("While the terminal is too small for the reader, keys do nothing but quit; Ctrl-L redraws over what another program wrote")
    func tooSmallAndRedraw() throws {
        let reader = try TuiHarness()
        try reader.launch()
        try reader.tmux.resize(columns: 15, rows: 5)
        try reader.tmux.waitFor("too small") { $0.contains("Terminal too") }
        try reader.tmux.press("A", "j", "b")
        Thread.sleep(forTimeInterval: 0.3)
        try reader.tmux.resize(columns: 120, rows: 40)
        var screen = try reader.tmux.waitFor("the reader again") { $0.contains(TuiHarness.firstHeadline) }
        #expect(screen.contains("22 unread") && screen.contains("1/22"), "A and j acted unseen: \(screen)")
        let tty = try reader.tmux.command(["display-message", "-p", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try "\u{1B}[10;10HSTRAY TEXT FROM ANOTHER PROGRAM".write(toFile: tty, atomically: false, encoding: .utf8)
        try reader.tmux.waitFor("the stray text") { $0.contains("STRAY TEXT") }
        try reader.tmux.press("C-l")
        screen = try reader.tmux.waitFor("redrawn") { !$0.contains("STRAY TEXT") }
        #expect(screen.contains(TuiHarness.firstHeadline))
        #expect(try reader.quit() == 0)
    }
}
