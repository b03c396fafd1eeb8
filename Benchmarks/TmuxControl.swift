import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tmux control-mode client (`tmux -C attach`) kept open, so that each command (send-keys, capture-pane)
/// costs a round trip on a pipe instead of starting a tmux process: screens can be polled every few
/// hundred microseconds.
final class TmuxControl {
    private let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []

    /// Attaches to `session` on the tmux server `socket`.
    init(socket: String, session: String) throws {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchError.unexpected("pipe: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        nyt_spawn_close_from(&actions, 3)
        let arguments = ["tmux", "-L", socket, "-C", "attach-session", "-t", session]
        let argv = arguments.map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        var child: pid_t = 0
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        nyt_spawnattr_reset_signals(&attributes, 0)
        let status = posix_spawnp(&child, "tmux", &actions, &attributes, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else { throw BenchError.unexpected("cannot start tmux (\(status))") }
        pid = child
        input = toChild[1]
        output = fromChild[0]
        // Control mode greets with an empty command block; output notifications are not wanted.
        try readBlock(for: "attach-session")
        try command("refresh-client -f no-output")
    }

    deinit {
        close(input)
        close(output)
        var status: Int32 = 0
        kill(pid, SIGTERM)
        waitpid(pid, &status, 0)
    }

    /// Runs one tmux command and returns its output lines; throws when tmux reports an error.
    @discardableResult
    func command(_ line: String) throws -> [String] {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBufferPointer { write(input, $0.baseAddress, $0.count) }
            guard count > 0 else { throw BenchError.unexpected("tmux control client closed") }
            written += count
        }
        return try readBlock(for: line)
    }

    /// Reads up to the end of the next command block and returns the lines inside it.
    @discardableResult
    private func readBlock(for line: String) throws -> [String] {
        var lines: [String] = []
        var inside = false
        while true {
            let text = try readLine()
            if !inside {
                if text.hasPrefix("%begin") { inside = true }
                continue
            }
            if text.hasPrefix("%end") { return lines }
            if text.hasPrefix("%error") { throw BenchError.unexpected("tmux \(line): \(lines.joined(separator: " "))") }
            lines.append(text)
        }
    }

    /// The pane's visible text, one string per row.
    func screen() throws -> [String] {
        try command("capture-pane -p")
    }

    /// The pane's visible text with its colors and attributes as escape sequences (a selection drawn only in
    /// reverse video shows up here, not in `screen()`).
    func styledScreen() throws -> [String] {
        try command("capture-pane -p -e")
    }

    /// `text` quoted for tmux's command parser.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// How long (ms) to wait for tmux to answer a command before giving up on this client.
    private static let answerTimeout: Int32 = 10_000

    private func readLine() throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Self.answerTimeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw BenchError.unexpected("tmux did not answer within \(Self.answerTimeout / 1_000) s") }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBufferPointer { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw BenchError.unexpected("tmux control client ended") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
