import Foundation
import TestSupport

/// A tmux server of its own with a 120×40 window running `sh` in a clean environment (fresh HOME, no API key),
/// where the reader is started and driven like a person would, through a control-mode client.
final class ReaderTerminal {
    static let prompt = "bench$"
    private let socket = "nytreader-bench-\(getpid())-\(UUID().uuidString.prefix(8))"
    private let session = "bench"
    private let control: TmuxControl
    /// The tmux server's process, ended by force if it does not stop when asked.
    private let serverPID: pid_t?

    /// Starts the shell with exactly `environment` (plus PS1).
    init(environment: [String: String], columns: Int = 120, rows: Int = 40) throws {
        var variables = environment
        variables["PS1"] = Self.prompt + " "
        let assignments = variables.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(TmuxControl.quote($0.value))" }.joined(separator: " ")
        try Self.tmux(
            socket,
            [
                "-f", "/dev/null", "new-session", "-d", "-s", session,
                "-x", String(columns), "-y", String(rows), "env -i \(assignments) sh",
            ])
        serverPID = pid_t(try Self.tmux(socket, ["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines))
        control = try TmuxControl(socket: socket, session: session)
        try control.command("set-option -g status off")
        try control.command("set-option -g window-size manual")
        try control.command("resize-window -t \(session) -x \(columns) -y \(rows)")
        _ = try waitForScreen(timeout: 10) { $0.contains { $0.hasPrefix(Self.prompt) } }
    }

    deinit {
        _ = try? Self.tmux(socket, ["kill-server"])
        if let serverPID, kill(serverPID, 0) == 0 { kill(serverPID, SIGKILL) }
    }

    /// Types `commandLine` and presses Enter; returns the monotonic time (ms) just before Enter was sent.
    func start(_ commandLine: String) throws -> Double {
        try control.command("send-keys -t \(session) -l \(TmuxControl.quote(commandLine))")
        let start = Stopwatch.now()
        try control.command("send-keys -t \(session) Enter")
        return start
    }

    /// Presses one key by its tmux name (`Down`, `NPage`, `q`…).
    func press(_ key: String) throws {
        try control.command("send-keys -t \(session) \(key)")
    }

    /// Polls the screen as fast as tmux answers until `condition` holds; returns the monotonic time (ms)
    /// of the capture that satisfied it, or nil after `timeout` seconds.
    func waitForScreen(timeout: Double, _ condition: ([String]) -> Bool) throws -> Double? {
        let deadline = Stopwatch.now() + timeout * 1_000
        while Stopwatch.now() < deadline {
            let lines = try control.screen()
            let seen = Stopwatch.now()
            if condition(lines) { return seen }
        }
        return nil
    }

    /// The visible screen.
    func screen() throws -> [String] {
        try control.screen()
    }

    /// Presses `key` and returns the milliseconds until the screen, attributes included, first differs
    /// from what it was; nil when it did not change within `timeout` seconds.
    func pressAndTimeChange(_ key: String, timeout: Double = 2) throws -> Double? {
        let before = try control.styledScreen()
        let start = Stopwatch.now()
        try press(key)
        let deadline = start + timeout * 1_000
        while Stopwatch.now() < deadline {
            let lines = try control.styledScreen()
            let seen = Stopwatch.now()
            if lines != before { return seen - start }
        }
        return nil
    }

    /// The process the shell is running in the foreground (the reader), if any.
    func foregroundProcess() throws -> pid_t? {
        guard let shell = try control.command("display-message -p -t \(session) '#{pane_pid}'").first.flatMap({ pid_t($0) }) else {
            return nil
        }
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Waits until the shell prompt is back on the last non-empty row.
    func waitForPrompt(timeout: Double = 10) throws -> Bool {
        try waitForScreen(timeout: timeout) { lines in
            lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasPrefix(Self.prompt) ?? false
        } != nil
    }

    @discardableResult
    private static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        let result = try Subprocess.run("tmux", ["-L", socket] + arguments, timeout: 10)
        guard result.status == 0 else { throw BenchError.unexpected("tmux \(arguments.first ?? ""): \(result.errorOutput)") }
        return result.output
    }
}
