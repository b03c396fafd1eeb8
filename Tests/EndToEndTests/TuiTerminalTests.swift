import Foundation
import TerminalUI
import TestSupport
import Testing

@Suite("The terminal UI in tmux: sizes, colors, signals, keys", .serialized, .timeLimit(.minutes(3)))
struct TuiTerminalTests {
    @Test("Resizing to 60×30, 30×10 and 12×4 and back re-lays out each time, keys doing nothing while too small; q then exits 0")
    func resize() throws {
        let reader = try TuiHarness(columns: 120, rows: 40)
        try reader.launch()
        try reader.tmux.resize(columns: 60, rows: 30)
        let narrow = try reader.tmux.waitFor("the narrow layout") { $0.contains("────────────────────") && $0.contains("House Passes") }
        #expect(!narrow.contains("│"), "no side-by-side separator when narrow")
        try reader.tmux.resize(columns: 30, rows: 10)
        try reader.tmux.waitFor("the 30×10 layout") { screen in
            // The header keeps the unread count and the place; the title gives way.
            screen.split(separator: "\n").first?.hasPrefix(" The New Yor… 22 unread  1/22") == true && screen.contains("──────────")
        }
        try reader.tmux.resize(columns: 12, rows: 4)
        try reader.tmux.waitFor("the too-small line") { $0.hasPrefix("Terminal to…") }
        try reader.tmux.press("j")
        try reader.tmux.resize(columns: 120, rows: 40)
        let wide = try reader.tmux.waitFor("the wide layout again") {
            $0.contains("│") && $0.contains("By Catie Edmondson and Carl Hulse")
        }
        #expect(wide.contains("1/22"), "j pressed while too small did nothing unseen")
        #expect(try reader.quit() == 0)
    }

    @Test("Colors by default; with NO_COLOR no color at all, only attributes")
    func noColor() throws {
        let colored = try TuiHarness()
        try colored.launch()
        #expect(Self.colorCodes(in: try colored.styledScreen()) > 0, "the default screen has colors")
        try colored.tmux.press("q")

        let plain = try TuiHarness(environment: ["NO_COLOR": "1"])
        try plain.launch()
        let styled = try plain.styledScreen()
        #expect(Self.colorCodes(in: styled) == 0)
        #expect(styled.contains("\u{1B}[7m") || styled.contains(";7m"), "the selection is still shown, in reverse video")
        #expect(try plain.quit() == 0)
    }

    /// How many SGR parameters in `text` set a foreground or background color.
    static func colorCodes(in text: String) -> Int {
        var count = 0
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let parameters = rest[..<end].split(separator: ";").compactMap { Int($0) }
            count +=
                parameters.filter { (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0) }
                .count
            rest = rest[end...]
        }
        return count
    }

    @Test("o starts $BROWSER with the article's URL, detached; the screen stays intact")
    func browser() throws {
        let bin = try TemporaryDirectory()
        let record = bin.path("opened")
        let script = bin.path("browser")
        try
            "#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(record).tmp' && mv '\(record).tmp' '\(record)'\necho 'browser noise on stdout'\necho 'browser noise on stderr' >&2\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let reader = try TuiHarness(environment: ["BROWSER": script])
        try reader.launch()
        try reader.tmux.press("o")
        try reader.tmux.waitFor("the notice") { $0.contains("Opened in the browser") }
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: record) && Date() < deadline { usleep(20_000) }
        #expect(try String(contentsOfFile: record, encoding: .utf8) == TuiHarness.firstURL + "\n")
        #expect(!(try reader.tmux.screen()).contains("browser noise"))
        #expect(try reader.quit() == 0)
    }

    @Test("o with no browser at all shows the URL")
    func noBrowser() throws {
        // A PATH with the shell and clear only: no xdg-open, and BROWSER names nothing that exists.
        let bin = try TemporaryDirectory()
        for program in ["/bin/sh", "/usr/bin/clear"] {
            try FileManager.default.createSymbolicLink(
                atPath: bin.path((program as NSString).lastPathComponent), withDestinationPath: program)
        }
        let reader = try TuiHarness(environment: ["PATH": bin.url.path, "BROWSER": "no-such-browser"])
        try reader.launch()
        try reader.tmux.press("o")
        try reader.tmux.waitFor("the URL in the status line") {
            $0.contains("No browser found (set BROWSER) — https://www.nytimes.com/2026/11/19/us/")
        }
        try reader.tmux.press("q")
    }

    @Test("/ finds an article by a word of its lead paragraph; Enter keeps it, Esc brings the feed back")
    func search() throws {
        let reader = try TuiHarness()
        try reader.launch()
        try reader.tmux.press("/")
        try reader.tmux.command(["send-keys", "-l", "guns"])
        let found = try reader.tmux.waitFor("the search hit") { $0.contains("/guns▏ 1 match") }
        #expect(found.contains("A Warm November Leaves Ski Resort"))
        #expect(found.contains("snow guns"))
        #expect(!found.contains("House Passes Spending Deal"))
        try reader.tmux.press("Enter")
        try reader.tmux.waitFor("the kept search") { $0.contains("Search “guns” in Home Page · 1 match") }
        try reader.tmux.press("Escape")
        try reader.tmux.waitFor("the feed again") { $0.contains("House Passes Spending Deal") && !$0.contains("Search “guns”") }
        #expect(try reader.quit() == 0)
    }

    @Test("Paging, first/last and the pane keys, as the real terminal sends them", .timeLimit(.minutes(1)))
    func navigationKeys() throws {
        // 12 rows: a list of 10 rows, so a page is 10 articles of the 22.
        let reader = try TuiHarness(columns: 120, rows: 12)
        try reader.launch()
        for (key, position) in [
            ("PPage", 1), ("NPage", 11), ("NPage", 21), ("PPage", 11), ("End", 22), ("Home", 1), ("G", 22), ("g", 1), ("j", 2), ("k", 1),
        ] {
            try reader.tmux.press(key)
            try reader.tmux.waitFor("\(key) to select \(position)/22") {
                $0.split(separator: "\n").first?.hasSuffix(" \(position)/22") == true
            }
        }
        let detailHints = "↑↓ scroll  Esc back"
        let listHints = "? help  q quit"
        for (key, hints) in [
            ("Right", detailHints), ("Left", listHints), ("Tab", detailHints), ("Tab", listHints),
            ("l", detailHints), ("h", listHints), ("Enter", detailHints), ("Escape", listHints),
        ] {
            try reader.tmux.press(key)
            try reader.tmux.waitFor("\(key) to give the status hints '\(hints)'") {
                $0.split(separator: "\n").last?.hasSuffix(hints) == true
            }
        }
        #expect(try reader.quit() == 0)
    }

    @Test("?, s, S, m, b, n and A act on the screen", .timeLimit(.minutes(1)))
    func keys() throws {
        let reader = try TuiHarness()
        try reader.launch()
        try reader.tmux.press("?")
        try reader.tmux.waitFor("the help") {
            $0.contains("Data provided by The New York Times") && $0.contains("mark all in the feed read")
        }
        try reader.tmux.press("Escape")
        try reader.tmux.waitFor("the help to close") { !$0.contains("Data provided by The New York Times") }
        try reader.tmux.press("?")
        try reader.tmux.waitFor("the help again") { $0.contains("Data provided by The New York Times") }
        try reader.tmux.press("x", "m")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try reader.tmux.screen().contains("─ Keys ─"), "a key bound to nothing, or to another action, leaves the help open")
        try reader.tmux.press("q")
        try reader.tmux.waitFor("q to close the help") { !$0.contains("─ Keys ─") && $0.contains("1/22") }
        try reader.tmux.press("b")
        try reader.tmux.waitFor("the saved mark") { $0.contains("Saved — S shows saved articles") && $0.contains("* ") }
        try reader.tmux.press("S")
        try reader.tmux.waitFor("the saved feed") { $0.contains("The New York Times · Saved") && $0.contains("House Passes Spending Deal") }
        try reader.tmux.press("s")
        try reader.tmux.waitFor("the section picker") { $0.contains("┌─ Feeds") }
        try reader.tmux.press(["End"] + TuiHarness.upsFromLastToWorld + ["Enter"])
        try reader.tmux.waitFor("the World section") { $0.contains("The New York Times · World") && $0.contains("Bullet Train") }
        try reader.tmux.press("A")
        try reader.tmux.waitFor("all read") { $0.contains("Marked every article in World read") && !$0.contains("•") }
        try reader.tmux.press("m")
        try reader.tmux.waitFor("the one unread article") { screen in
            screen.contains("1 unread  1/17") && screen.split(separator: "\n").filter { $0.hasPrefix("•") }.count == 1
        }
        try reader.tmux.press("n")
        try reader.tmux.waitFor("it opened and read") { screen in
            screen.contains("0 unread  1/17") && !screen.split(separator: "\n").contains { $0.hasPrefix("•") }
        }
        #expect(try reader.quit() == 0)
    }

    @Test("LC_CTYPE=C beside a UTF-8 LANG: the reader still writes UTF-8 (marks, borders, the detail's text)")
    func characterTypeC() throws {
        let reader = try TuiHarness(environment: ["LANG": "C.UTF-8", "LC_CTYPE": "C"])
        let screen = try reader.launch()
        #expect(screen.contains("•") && screen.contains("│"), "\(screen)")
        #expect(screen.contains("By Catie Edmondson and Carl Hulse"), "the detail pane: \(screen)")
        #expect(try reader.quit() == 0)
    }

    @Test("A terminal's answer to the device attributes query that comes late (a slow link) is not taken for keys: no help opens")
    func lateTerminalAnswer() throws {
        let reader = try TuiHarness()
        try reader.launch()
        // ESC [ ? 6 2 ; 4 c, as a terminal writes it, between two presses of j.
        _ = try reader.tmux.command(["send-keys", "j"])
        _ = try reader.tmux.command(["send-keys", "-H", "1b", "5b", "3f", "36", "32", "3b", "34", "63"])
        _ = try reader.tmux.command(["send-keys", "j"])
        let screen = try reader.tmux.waitFor("the two moves") { $0.contains("3/22") }
        #expect(!screen.contains("─ Keys ─"), "the answer's ? opened the help")
        try reader.tmux.press("?")
        try reader.tmux.waitFor("? still opens the help") { $0.contains("─ Keys ─") }
        try reader.tmux.press("Escape")
        try reader.tmux.waitFor("the help closed") { !$0.contains("─ Keys ─") }
        #expect(try reader.quit() == 0)
    }

    @Test("SIGTERM, SIGINT and SIGHUP restore the terminal and end with 128 + the signal", arguments: [SIGTERM, SIGINT, SIGHUP])
    func signals(signal: Int32) throws {
        try Self.expectTerminalRestored(after: signal)
    }

    @Test(
        "Other signals that end a program (QUIT, USR1, ALRM, XFSZ) restore the terminal before they end it",
        arguments: [SIGQUIT, SIGUSR1, SIGALRM, SIGXFSZ])
    func endingSignals(signal: Int32) throws {
        try Self.expectTerminalRestored(after: signal)
    }

    /// Sends `signal` to the reader, then expects its exit status 128 + the signal, the terminal's modes
    /// back and the reader's screen gone (no core dump: QUIT and XFSZ would write one).
    static func expectTerminalRestored(after signal: Int32) throws {
        let reader = try TuiHarness()
        try reader.tmux.run("ulimit -c 0")
        try reader.launch()
        let pid = try reader.readerProcess()
        #expect(kill(pid, signal) == 0)
        #expect(try reader.exitStatus() == 128 + Int(signal))
        // Counts the modes a curses program turns off (-echo, -icanon); 0 means the terminal is back.
        try reader.tmux.run("echo \"MODES-$(stty -a | tr ' ;' '\\n\\n' | grep -cx -e -echo -e -icanon)\"")
        let modes = try reader.tmux.waitFor("the terminal modes") { $0.range(of: "MODES-[0-9]", options: .regularExpression) != nil }
        #expect(modes.contains("MODES-0"), "echo and canonical input are back")
        #expect(!modes.contains(TuiHarness.firstHeadline), "the reader's screen is gone")
    }

    @Test("Ctrl-Z suspends to the shell and fg redraws the reader")
    func suspend() throws {
        let reader = try TuiHarness()
        try reader.launch(reportingExit: false)
        try reader.tmux.press("C-z")
        try reader.tmux.waitFor("the shell") { $0.contains("Stopped") && !$0.contains("The New York Times · Home") }
        try reader.tmux.run("fg; echo \"EXIT=$?.\"")
        try reader.tmux.waitFor("the reader again") {
            $0.contains("The New York Times · Home Page") && $0.contains(TuiHarness.firstHeadline)
        }
        try reader.tmux.press("j")
        try reader.tmux.waitFor("keys work after fg") { $0.contains("Hundreds of soldiers crossed a checkpoint") }
        #expect(try reader.quit() == 0)
    }

    @Test("Started in the background (nytreader &), the reader stops until fg instead of drawing over the shell")
    func background() throws {
        let reader = try TuiHarness()
        try reader.tmux.run(
            "'\(ProgramBinary.url.path)' & sleep 1; jobs > \"$HOME/jobs.txt\"; echo \"STOPPED-$(grep -c Stopped \"$HOME/jobs.txt\")-\"")
        let shell = try reader.tmux.waitFor("the job's state") { $0.range(of: "STOPPED-[0-9]-", options: .regularExpression) != nil }
        #expect(shell.contains("STOPPED-1-"), "stopped, waiting for fg: \(shell)")
        #expect(!shell.contains(TuiHarness.firstHeadline), "nothing drawn over the shell")
        try reader.tmux.run("fg; echo \"EXIT=$?.\"")
        try reader.tmux.waitFor("the reader in the foreground") { $0.contains(TuiHarness.firstHeadline) && $0.contains("1/22") }
        try reader.tmux.press("j")
        try reader.tmux.waitFor("keys reach it") { $0.contains("2/22") }
        #expect(try reader.quit() == 0)
    }

    @Test("Standard input from /dev/null: one line pointing to 'nytreader list', exit status 2")
    func notATerminal() throws {
        let reader = try TuiHarness()
        try reader.tmux.run("'\(ProgramBinary.url.path)' < /dev/null; echo \"EXIT=$?.\"")
        #expect(try reader.exitStatus() == 2)
        let screen = try reader.tmux.screen()
        #expect(screen.contains("nytreader: the reader needs a terminal; for plain output use 'nytreader list'."))
    }

    @Test("TERM=dumb cannot move the cursor: one line pointing to 'nytreader list', exit status 2")
    func dumbTerminal() throws {
        let reader = try TuiHarness(environment: ["TERM": "dumb"])
        try reader.tmux.run("'\(ProgramBinary.url.path)'; echo \"EXIT=$?.\"")
        #expect(try reader.exitStatus() == 2)
        #expect(
            try reader.tmux.screen().contains(
                "nytreader: This terminal cannot move the cursor (TERM=dumb); for plain output use 'nytreader list'."))
    }

    @Test("A TERM without a terminfo entry names the TERM and what to do: exit status 1")
    func unknownTerminal() throws {
        let reader = try TuiHarness(environment: ["TERM": "nosuchterminal-9"])
        try reader.tmux.run("'\(ProgramBinary.url.path)'; echo \"EXIT=$?.\"")
        #expect(try reader.exitStatus() == 1)
        #expect(
            try reader.tmux.screen().contains("nytreader: No terminfo entry for TERM=nosuchterminal-9: install ncurses-term"))
    }

    @Test("[keys] in the config file rebinds an action; a key it cannot read is reported with its line")
    func rebinding() throws {
        let reader = try TuiHarness()
        try reader.writeConfig("[keys]\nquit = \"x\"\nhelp = \"F13\"\n")
        try reader.launch()
        try reader.tmux.press("?")
        try reader.tmux.waitFor("x in the help, Ctrl-C still beside it") { screen in
            screen.split(separator: "\n").contains { $0.contains("│ x Ctrl-C ") && $0.contains(" quit ") }
        }
        try reader.tmux.press("Escape", "q")
        try reader.tmux.press("x")
        #expect(try reader.exitStatus() == 0)
        let screen = try reader.tmux.screen()
        #expect(
            screen.contains("nytreader: ~/.config/nytreader/config.toml line 3: 'keys.help': unknown key 'F13'"),
            "the warning stays on the shell's screen")
    }

    @Test("NYTREADER_KEY_TRACE gets one line of microseconds per key")
    func keyTrace() throws {
        let trace = try TemporaryDirectory()
        let file = trace.path("keys.log")
        let reader = try TuiHarness(environment: ["NYTREADER_KEY_TRACE": file])
        try reader.launch()
        for _ in 0..<5 {
            try reader.tmux.press("Down")
        }
        try reader.tmux.waitFor("the sixth article") { $0.contains("6/22") }
        #expect(try reader.quit() == 0)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 5, "five Downs (q ends the reader before any update)")
        #expect(lines.allSatisfy { UInt64($0) != nil })
    }

    @Test("The reader's --help lists the keys, examples and the NYT attribution")
    func help() throws {
        let home = try TemporaryDirectory()
        let result = try Subprocess.run(
            ProgramBinary.url.path, ["read", "--help"], environment: ["HOME": home.url.path, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0)
        for text in KeyMap.reference() + ["Examples:", "nytreader --section world", "Data provided by The New York Times."] {
            #expect(result.output.contains(text), "\(text)")
        }
        let lines = result.output.components(separatedBy: "\n").prefix { !$0.hasPrefix("USAGE:") }
        #expect(lines.allSatisfy { $0.count <= 80 }, "no line wraps in an 80-column terminal")
    }
}
