import Foundation
import TestSupport
import Testing

/// Resizing the terminal while an overlay or the detail has focus, or while a refresh is under way: the
/// screen is laid out again for the new size and what had focus keeps it.
@Suite("The terminal UI resized with an overlay, the detail or a refresh under way", .serialized, .timeLimit(.minutes(3)))
struct TuiResizeTests {
    @Test("The help stays open across resizes, fits each size, and Esc still closes it")
    func resizeWithHelp() throws {
        let reader = try TuiHarness(columns: 120, rows: 40)
        try reader.launch()
        try reader.tmux.press("?")
        try reader.tmux.waitFor("the help") { $0.contains("Data provided by The New York Times") }
        try reader.tmux.resize(columns: 70, rows: 30)
        let narrow = try reader.tmux.waitFor("the help at 70×30") { screen in
            screen.contains("Data provided by The New York Times") && Self.fits(screen, columns: 70)
        }
        #expect(narrow.contains("┌"), "the help is still drawn in its box")
        try reader.tmux.resize(columns: 120, rows: 40)
        try reader.tmux.waitFor("the help at 120×40") { $0.contains("Data provided by The New York Times") }
        try reader.tmux.press("Escape")
        try reader.tmux.waitFor("the help to close") {
            !$0.contains("Data provided by The New York Times") && $0.contains(TuiHarness.firstHeadline)
        }
        #expect(try reader.quit() == 0)
    }

    @Test("The section picker stays open across a resize and still picks")
    func resizeWithPicker() throws {
        let reader = try TuiHarness(columns: 120, rows: 40)
        try reader.launch()
        try reader.tmux.press("s")
        try reader.tmux.waitFor("the section picker") { $0.contains("┌─ Sections") }
        try reader.tmux.resize(columns: 60, rows: 20)
        try reader.tmux.waitFor("the picker at 60×20") { $0.contains("┌─ Sections") && Self.fits($0, columns: 60) }
        try reader.tmux.press(["End"] + TuiHarness.upsFromLastToWorld + ["Enter"])
        try reader.tmux.waitFor("the World section") { $0.contains("The New York Times · World") }
        #expect(try reader.quit() == 0)
    }

    @Test("The detail keeps the focus across a resize: j scrolls it instead of moving the selection")
    func resizeWithDetailFocus() throws {
        let reader = try TuiHarness(columns: 120, rows: 40)
        try reader.launch()
        try reader.tmux.press("Enter")
        try reader.tmux.resize(columns: 60, rows: 30)
        try reader.tmux.waitFor("the narrow layout") { $0.contains("────────────────────") && !$0.contains("│") }
        try reader.tmux.press("j", "j")
        try reader.tmux.resize(columns: 120, rows: 40)
        let wide = try reader.tmux.waitFor("the wide layout") { $0.contains("│") }
        #expect(wide.contains("1/22"), "the selection did not move: the detail had the focus")
        try reader.tmux.press("Escape", "j")
        try reader.tmux.waitFor("the list has the focus again") { $0.contains("2/22") }
        #expect(try reader.quit() == 0)
    }

    @Test("A resize during r: the refresh ends and its articles are shown in the new layout")
    func resizeDuringRefresh() throws {
        let server = try FakeNYTServer()
        let reader = try TuiServerTests.readerWithServer(server)
        server.setFault(.slow(seconds: 3), for: FakeNYTServer.topStoriesPath("home"))
        try reader.tmux.press("r")
        try reader.tmux.waitFor("the spinner") { $0.contains("Refreshing…") }
        try reader.tmux.resize(columns: 79, rows: 30)
        try reader.tmux.waitFor("the narrow layout while refreshing") { $0.contains("────────────────────") && $0.contains("Refreshing…") }
        let done = try reader.tmux.waitFor(timeout: 20, "the refresh's end") { $0.contains("Refreshed") && !$0.contains("Refreshing…") }
        #expect(!done.contains("│"), "still the narrow layout")
        #expect(Self.fits(done, columns: 79))
        #expect(try reader.quit() == 0)
    }

    /// Whether no line of `screen` is wider than `columns` (tmux pads nothing past the window).
    static func fits(_ screen: String, columns: Int) -> Bool {
        screen.split(separator: "\n").allSatisfy { $0.count <= columns }
    }
}
