import Foundation
import TestSupport
import Testing

/// A personal config in a real terminal: rebound keys named by every hint, Ctrl-C still quitting, the
/// config's warnings in the reader, the prompts' history across runs, and a resize right after a click.
@Suite("The reader with a personal config, its prompts and the mouse", .serialized, .timeLimit(.minutes(3)))
struct TuiKeysAndPromptsTests {
    @Test("quit = \"ctrl-q, Q\": the hints say Q, Ctrl-C still quits; a config warning is shown in the reader and its help")
    func reboundQuit() throws {
        let reader = try TuiHarness()
        try reader.writeConfig("colour = \"blue\"\n[keys]\nquit = \"ctrl-q, Q\"\n")
        try reader.launch()
        let first = try reader.tmux.waitFor("the warning's notice") { $0.contains("1 config warning — ? shows them") }
        #expect(first.contains("1/22"))
        try reader.tmux.press("j")
        try reader.tmux.waitFor("the hints of the keys in force") { $0.split(separator: "\n").last?.hasSuffix("? help  Q quit") == true }
        try reader.tmux.press("?")
        try reader.tmux.waitFor("the warning in the help") { $0.contains("line 1: unknown key 'colour'") }
        try reader.tmux.press("Escape")
        try reader.tmux.waitFor("the help closed") { !$0.contains("─ Keys ─") }
        try reader.tmux.press("q")
        try reader.tmux.press("C-c")
        #expect(try reader.exitStatus() == 0, "Ctrl-C quits although quit was rebound")
        let screen = try reader.tmux.screen()
        #expect(screen.contains("config.toml line 1: unknown key 'colour'"), "and on stderr, as before")
    }

    @Test("Keys typed ahead of a search's hits (/guns, Enter and b in one burst) act on the hits: b saves the article found")
    func typedAheadOfHits() throws {
        let reader = try TuiHarness()
        try reader.launch()
        try reader.tmux.press("j", "j")
        try reader.tmux.waitFor("the third article") { $0.contains("3/22") }
        try reader.tmux.press("/", "g", "u", "n", "s", "Enter", "b")
        try reader.tmux.waitFor("the hit saved") { $0.contains("1/1") && $0.contains("S shows saved articles") }
        #expect(try reader.quit() == 0)
        let saved = try Subprocess.run(
            ProgramBinary.url.path, ["list", "--saved"], environment: TuiHarness.freshEnvironment(reader.home), timeout: 30)
        #expect(saved.output.split(separator: "\n").count == 1, "\(saved.output)")
        #expect(saved.output.contains("A Warm November Leaves Ski Resorts Scrambling for Snow"), "\(saved.output)")
    }

    @Test("What / was given comes back with ↑ in the next run")
    func historyAcrossRuns() throws {
        let reader = try TuiHarness()
        try reader.launch()
        try reader.tmux.press("/")
        try reader.tmux.command(["send-keys", "-l", "guns"])
        try reader.tmux.waitFor("the hit") { $0.contains("/guns▏ 1 match") }
        try reader.tmux.press("Enter")
        #expect(try reader.quit() == 0)
        try reader.launch()
        try reader.tmux.press("/")
        try reader.tmux.waitFor("the empty field") { $0.contains("/▏ type to search") }
        try reader.tmux.press("Up")
        try reader.tmux.waitFor("the earlier search") { $0.contains("/guns▏ 1 match") }
        try reader.tmux.press("C-u")
        try reader.tmux.waitFor("Ctrl-U clearing the field") { $0.contains("/▏ type to search") }
        try reader.tmux.press("Escape")
        // Esc and a key read together are Alt and the key, which a prompt takes as Esc alone.
        try reader.tmux.waitFor("the field closed") { !$0.contains("type to search") }
        #expect(try reader.quit() == 0)
    }

    @Test("A resize right after a click lays the screen out again at once, header and status line included")
    func resizeAfterClick() throws {
        let reader = try TuiHarness(columns: 120, rows: 40)
        try reader.launch()
        try TuiMouseTests.click(reader, row: 5, column: 10)
        try reader.tmux.waitFor("the fifth article") { $0.contains("5/22") }
        for (columns, rows) in [(90, 30), (70, 20), (120, 40)] {
            try reader.tmux.resize(columns: columns, rows: rows)
            try reader.tmux.waitFor("the layout at \(columns)×\(rows) without a key") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.first?.hasSuffix("5/22") == true && lines.count >= rows && lines[rows - 1].contains("? help")
                    && TuiResizeTests.fits(screen, columns: columns)
            }
        }
        #expect(try reader.quit() == 0)
    }
}
