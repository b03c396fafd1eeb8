import Foundation
import NewsCore
import ReaderViewModel
import TestSupport
import Testing

/// The reader running in a tmux window of its own on a fresh HOME (bundled snapshot, no API key),
/// with helpers for what the terminal-UI end-to-end tests look at.
final class TuiHarness {
    static let firstHeadline = "House Passes Spending Deal Hours Before Deadline"
    static let firstURL = "https://www.nytimes.com/2026/11/19/us/politics/house-passes-spending-deal-hours-before-deadline-averting-an.html"

    let home: TemporaryDirectory
    let tmux: TmuxSession

    /// Opens a shell in a `columns`×`rows` window; `environment` adds to (or replaces) the fresh one.
    /// - Parameter home: a HOME used before (a restart); nil for a fresh one.
    init(columns: Int = 120, rows: Int = 40, environment: [String: String] = [:], home: TemporaryDirectory? = nil) throws {
        self.home = try home ?? TemporaryDirectory()
        let home = self.home
        let variables = Self.freshEnvironment(home).merging(environment) { $1 }
        tmux = try TmuxSession(columns: columns, rows: rows, environment: variables)
    }

    /// Whether every list row on `screen` holds an article: the rows arrive from the cache just after the
    /// first frame (drawn as `…` until then), and tmux may be captured in the middle of an update.
    static func showsLoadedRows(_ screen: String) -> Bool {
        screen.range(of: "(?m)^  …", options: .regularExpression) == nil
    }

    /// The environment of a fresh HOME under `home`: no API key and no network configuration, and no
    /// photos (the bundled snapshot's are on the NYT's image host; tests that show photos serve them
    /// from the fake server and set `NYTREADER_IMAGES` themselves).
    static func freshEnvironment(_ home: TemporaryDirectory) -> [String: String] {
        [
            "HOME": home.url.path,
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "TERM": "tmux-256color",
            "LANG": "C.UTF-8",
            "NYTREADER_IMAGES": "off",
        ]
    }

    /// The Up presses from the picker's last feed (Saved) to World.
    static var upsFromLastToWorld: [String] {
        let feeds = ReaderState.pickableFeeds
        return Array(repeating: "Up", count: feeds.count - 1 - feeds.firstIndex(of: .topStories(.world))!)
    }

    /// Writes `text` as the config file of the harness's HOME (`~/.config/nytreader/config.toml`).
    func writeConfig(_ text: String) throws {
        let config = home.url.appendingPathComponent(".config/nytreader")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try text.write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    }

    /// The reader's log file (XDG state directory under the fresh HOME), or "" when there is none.
    func log() -> String {
        let file = home.url.appendingPathComponent(".local/state/nytreader/nytreader.log")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    /// Starts the reader with `arguments` (already quoted for the shell) and waits for `waitingFor`.
    /// With `reportingExit` the shell prints `EXIT=<status>.` when the reader ends.
    @discardableResult
    func launch(_ arguments: String = "", reportingExit: Bool = true, waitingFor text: String = TuiHarness.firstHeadline) throws -> String {
        try tmux.run("clear; '\(ProgramBinary.url.path)' \(arguments)" + (reportingExit ? "; echo \"EXIT=$?.\"" : ""))
        return try tmux.waitFor(timeout: 20, "'\(text)'") { $0.contains(text) }
    }

    /// Runs `commandLine` in the shell, which then prints `EXIT=<status>.` (`exitStatus` reads it), on a
    /// screen cleared first of what an earlier command left: with an earlier status still showing,
    /// `exitStatus` could read that one before the shell has even cleared the screen.
    func runReportingExit(_ commandLine: String) throws {
        try tmux.run("clear")
        try tmux.waitFor("the screen cleared") { !$0.contains("EXIT=") }
        try tmux.run("clear; \(commandLine); echo \"EXIT=$?.\"")
    }

    /// Waits for the reader to exit and returns its exit status (from the `EXIT=` line the shell prints).
    func exitStatus(timeout: TimeInterval = 10) throws -> Int? {
        let screen = try tmux.waitFor(timeout: timeout, "the exit status") { screen in
            guard let line = screen.range(of: #"EXIT=\d+\."#, options: .regularExpression) else { return false }
            // The prompt may wrap: printed after what the reader left at the end of a line.
            return screen[line.upperBound...].replacingOccurrences(of: "\n", with: "").contains(self.tmux.prompt)
        }
        // The status ends with a full stop: after a kill the shell prints it over what the reader left on
        // the line, digits included.
        guard let match = screen.range(of: #"EXIT=\d+\."#, options: .regularExpression) else { return nil }
        return Int(screen[match].dropFirst(5).dropLast())
    }

    /// After SIGKILL the reader could not restore the terminal: the tty is still raw (Enter sends a CR the
    /// shell does not take as the end of a line). Sets it sane with a line ended by LF, then clears the screen.
    func restoreTerminalAfterKill() throws {
        try tmux.command(["send-keys", "-l", "stty sane; clear"])
        try tmux.command(["send-keys", "C-j"])
        try tmux.waitFor("a cleared screen") {
            $0.trimmingCharacters(in: .whitespacesAndNewlines) == self.tmux.prompt.trimmingCharacters(in: .whitespaces)
        }
    }

    /// Presses q and returns the reader's exit status.
    func quit() throws -> Int? {
        try tmux.press("q")
        return try exitStatus()
    }

    /// The screen with its colors and attributes as escape sequences (`capture-pane -e`).
    func styledScreen() throws -> String {
        try tmux.command(["capture-pane", "-p", "-e"])
    }

    /// The title the program running in the pane gave the terminal.
    func paneTitle() throws -> String {
        try tmux.command(["display-message", "-p", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process id of the reader (the shell's child).
    func readerProcess() throws -> pid_t {
        let shell = try tmux.command(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let children = try Subprocess.run("pgrep", ["-P", shell, "nytreader"], timeout: 5).output
            if let pid = children.split(separator: "\n").first.flatMap({ pid_t($0) }) { return pid }
            usleep(50_000)
        }
        throw TmuxError.failed("no reader process under the shell \(shell)")
    }
}
