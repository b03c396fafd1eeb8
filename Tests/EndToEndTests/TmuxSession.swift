import Foundation
import TestSupport
import Testing

/// A detached tmux server of its own running a shell, for driving the reader like a person would.
final class TmuxSession {
    let socketName = "nytreader-e2e-\(UUID().uuidString.prefix(8))"
    /// The shell's prompt as it shows on screen (capture-pane drops trailing spaces).
    let prompt = "e2e$"

    /// Starts `sh` in a `columns`×`rows` window with exactly `environment` (plus PS1).
    init(columns: Int = 120, rows: Int = 40, environment: [String: String]) throws {
        var variables = environment
        variables["PS1"] = prompt + " "
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        try command(["-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", String(rows), "env -i \(assignments) sh"])
        try command(["set-option", "-g", "status", "off"])
        _ = try waitFor(timeout: 10) { $0.contains(self.prompt) }
    }

    deinit {
        _ = try? command(["kill-server"])
    }

    /// Types a command line and presses Enter.
    func run(_ commandLine: String) throws {
        try command(["send-keys", "-l", commandLine])
        try command(["send-keys", "Enter"])
    }

    /// Presses keys by tmux name (`Down`, `q`, `C-c`…).
    func press(_ keys: String...) throws {
        try press(keys)
    }

    func press(_ keys: [String]) throws {
        try command(["send-keys"] + keys)
    }

    func resize(columns: Int, rows: Int) throws {
        try command(["resize-window", "-x", String(columns), "-y", String(rows)])
    }

    /// The visible screen as text.
    func screen() throws -> String {
        try command(["capture-pane", "-p"])
    }

    /// Polls the screen until `condition` holds; fails the test with the last screen when time runs out.
    @discardableResult
    func waitFor(timeout: TimeInterval = 10, _ description: String = "", _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("Timed out waiting for \(description.isEmpty ? "the screen" : description). Last screen:\n\(last)")
        throw TmuxError.timedOut
    }

    /// Runs a tmux command against this session's server and returns its output.
    @discardableResult
    func command(_ arguments: [String]) throws -> String {
        let result = try Subprocess.run("tmux", ["-L", socketName] + arguments, timeout: 10)
        guard result.status == 0 else { throw TmuxError.failed("\(arguments.first ?? ""): \(result.errorOutput)") }
        return result.output
    }

    private static func quote(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

enum TmuxError: Error {
    case failed(String)
    case timedOut
}
