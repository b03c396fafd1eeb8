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

        let child = try ChildProcess(
            executable, arguments, environment: environment, input: input, output: outputPath, errorOutput: errorPath
        )
        guard let exitStatus = try child.wait(timeout: timeout) else {
            try child.kill()
            throw SubprocessError.timedOut(executable)
        }
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
