import Foundation
import TestSupport
import Testing

/// The mouse in tmux: the bytes a terminal sends for presses and the wheel (X10 encoding, as the
/// tmux-256color entry declares), typed into the pane with `send-keys -H`.
@Suite("The mouse in the reader", .serialized, .timeLimit(.minutes(2)))
struct TuiMouseTests {
    /// Sends a mouse report: `button` 0 for a press of the first button, 3 for its release, 64/65 for the
    /// wheel up/down, at a 0-based cell.
    static func mouse(_ reader: TuiHarness, button: Int, row: Int, column: Int) throws {
        let bytes = [0x1B, 0x5B, 0x4D, 32 + button, 33 + column, 33 + row].map { String($0, radix: 16) }
        try reader.tmux.command(["send-keys", "-H"] + bytes)
    }

    static func click(_ reader: TuiHarness, row: Int, column: Int) throws {
        try mouse(reader, button: 0, row: row, column: column)
        try mouse(reader, button: 3, row: row, column: column)
    }

    @Test(
        "A click selects the row under the pointer, the wheel moves through the list, a click on the detail opens it, a click closes the help"
    )
    func clicksAndWheel() throws {
        let reader = try TuiHarness()
        try reader.launch()
        try Self.click(reader, row: 5, column: 10)
        try reader.tmux.waitFor("the fifth article") { $0.contains("5/22") }
        try Self.mouse(reader, button: 65, row: 5, column: 10)
        try reader.tmux.waitFor("three down") { $0.contains("8/22") }
        try Self.mouse(reader, button: 64, row: 5, column: 10)
        try reader.tmux.waitFor("three up") { $0.contains("5/22") }
        try Self.click(reader, row: 5, column: 90)
        try reader.tmux.waitFor("the detail focused") { $0.contains("↑↓ scroll  Esc back") }
        try reader.tmux.press("?")
        try reader.tmux.waitFor("the help") { $0.contains("Keys") }
        try Self.click(reader, row: 10, column: 10)
        try reader.tmux.waitFor("the help closed") { !$0.contains("─ Keys ─") }
        #expect(try reader.quit() == 0)
    }

    @Test("A press and its release read together (a busy reader, a lagging link) are a click; a click and the wheel read together are both")
    func pressAndReleaseTogether() throws {
        let reader = try TuiHarness()
        try reader.launch()
        let report = { (button: Int) in [0x1B, 0x5B, 0x4D, 32 + button, 33 + 10, 33 + 7].map { String($0, radix: 16) } }
        try reader.tmux.command(["send-keys", "-H"] + report(0) + report(3))
        try reader.tmux.waitFor("the seventh article") { $0.contains("7/22") }
        try Self.click(reader, row: 3, column: 10)
        try reader.tmux.waitFor("a click as two reads still selects once") { $0.contains("3/22") }
        // A click and a turn of the wheel in one read: curses gives them behind one KEY_MOUSE.
        try reader.tmux.command(["send-keys", "-H"] + report(0) + report(3) + report(65))
        try reader.tmux.waitFor("the click, then three down") { $0.contains("10/22") }
        #expect(try reader.quit() == 0)
    }

    @Test("With mouse = false in the config, clicks do nothing")
    func mouseOff() throws {
        let reader = try TuiHarness()
        try reader.writeConfig("mouse = false\n")
        try reader.launch()
        try Self.click(reader, row: 5, column: 10)
        try reader.tmux.press("j")
        let screen = try reader.tmux.waitFor("the key after the click") { $0.contains("2/22") || $0.contains("6/22") }
        #expect(screen.contains("2/22"), "the click did not select a row")
        #expect(try reader.quit() == 0)
    }
}
