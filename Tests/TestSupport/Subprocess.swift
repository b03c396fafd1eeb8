import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end with posix_spawn and waitpid, its output collected through files
/// (a daemon the program starts may keep pipes open forever).
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errorOutput: String
    }

    /// Runs `executable` with `arguments`; `environment` nil inherits ours; `input` is a file to read stdin from.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        input: String = "/dev/null",
        timeout: TimeInterval = 60
    ) throws -> Result {
        let directory = try TemporaryDirectory(prefix: "nytreader-subprocess")
        let outputPath = directory.path("stdout")
        let errorPath = directory.path("stderr")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment ?? ProcessInfo.processInfo.environment
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }

        var pid: pid_t = 0
        let spawned = executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, nil, argv, envp)
            : posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SubprocessError.cannotStart(executable, spawned) }

        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { throw SubprocessError.lost(executable) }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw SubprocessError.timedOut(executable)
            }
            usleep(2_000)
        }
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus,
            output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            errorOutput: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        )
    }
}

public enum SubprocessError: Error, CustomStringConvertible {
    case cannotStart(String, Int32)
    case lost(String)
    case timedOut(String)

    public var description: String {
        switch self {
        case .cannotStart(let program, let code): return "\(program) could not start (error \(code))"
        case .lost(let program): return "lost track of \(program)"
        case .timedOut(let program): return "\(program) did not finish in time"
        }
    }
}
