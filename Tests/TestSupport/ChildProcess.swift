import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program started with posix_spawn (Foundation's `Process` hangs on this machine), which a test can
/// signal and wait for. Its output goes to files.
public final class ChildProcess: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t
    private let executable: String
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`; `environment` nil inherits ours; stdin reads `input`,
    /// stdout and stderr are written to `output` and `errorOutput` (nil: stderr goes to `output` too).
    public init(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        input: String = "/dev/null",
        output: String,
        errorOutput: String?
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errorOutput {
            posix_spawn_file_actions_addopen(&actions, 2, errorOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // Only the standard streams: a test's sockets and files must not outlive it in a child (a tmux
        // server holding them never ends; a script file held open for writing cannot be run).
        nyt_spawn_close_from(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        nyt_spawnattr_reset_signals(&attributes, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        let variables = environment ?? ProcessInfo.processInfo.environment
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for variable in envp { free(variable) }
        }

        var pid: pid_t = 0
        let spawned =
            executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw SubprocessError.cannotStart(executable, spawned) }
        self.pid = pid
        self.executable = executable
    }

    /// The built executable `name` beside the test runner (the runner may sit inside an .xctest bundle
    /// directory, so each folder above it is tried, up to the build folder). Never a program found through
    /// `PATH`: a stale `name` installed elsewhere must not be tested in place of this checkout's build.
    public static func builtProgram(_ name: String) -> String {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        fatalError("\(name) is not built beside the test runner \(runner): run 'swift build --build-tests' first")
    }

    /// Sends `signal` (e.g. `SIGKILL`) unless the child already ended.
    public func send(_ signal: Int32) {
        if exitStatus == nil { Glibc.kill(pid, signal) }
    }

    /// Waits up to `timeout` seconds for the child to end; its exit status (128 + the signal when a
    /// signal ended it), or nil when it is still running.
    public func wait(timeout: TimeInterval) throws -> Int32? {
        if let exitStatus { return exitStatus }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let ended = try reap(options: WNOHANG) { return ended }
            if Date() > deadline { return nil }
            usleep(2_000)
        }
    }

    /// Blocks until the child ends (no polling interval, so a caller timing it is not rounded); its exit
    /// status, as for `wait(timeout:)`.
    public func waitForExit() throws -> Int32 {
        if let exitStatus { return exitStatus }
        while true {
            if let ended = try reap(options: 0) { return ended }
        }
    }

    /// The most memory the running child has held at once so far (`VmHWM`, in kB), nil once it has ended.
    /// Read from /proc: `getrusage` would count the memory of this process too, since posix_spawn's child
    /// shares it until its exec.
    public func residentHighWaterKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// Waits up to `timeout` seconds for the child to end, reading its `VmHWM` every few milliseconds: its
    /// exit status (nil when it is still running) and the last reading before it ended, which is its peak
    /// resident memory (in kB), near enough, since the high-water mark only grows.
    public func waitMeasuringPeak(timeout: TimeInterval) throws -> (status: Int32?, peakKilobytes: Int) {
        var peak = 0
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32?
        while status == nil, Date() < deadline {
            peak = max(peak, residentHighWaterKilobytes() ?? 0)
            status = try wait(timeout: 0.003)
        }
        return (status, peak)
    }

    /// Kills the child with SIGKILL and waits for it to end; its exit status.
    @discardableResult
    public func kill() throws -> Int32 {
        send(SIGKILL)
        return try waitForExit()
    }

    /// One `waitpid` with `options`: the exit status once the child has ended, nil while it runs or when
    /// the call was interrupted.
    private func reap(options: Int32) throws -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, options)
        if result < 0 && errno != EINTR { throw SubprocessError.lost(executable) }
        guard result == pid else { return nil }
        let ended: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = ended
        return ended
    }
}
