import Foundation
import TestSupport

/// A fresh HOME for one run of the headless commands: XDG directories and the cache under a temporary
/// directory, an API key in the environment, and nothing inherited from the machine.
struct CliHome {
    /// The key the tests give the program; it must never show in what the program prints.
    static let key = "cli-e2e-key-5150"

    let directory: TemporaryDirectory
    var url: URL { directory.url }
    var database: String { directory.path("cache.sqlite") }

    init() throws {
        directory = try TemporaryDirectory(prefix: "nytreader-cli")
    }

    /// HOME and the XDG directories under the temporary directory, `NYT_API_KEY` unless `key` is nil.
    func environment(key: String? = CliHome.key) -> [String: String] {
        var variables = [
            "HOME": url.path,
            "XDG_CONFIG_HOME": directory.path("config"),
            "XDG_DATA_HOME": directory.path("data"),
            "XDG_STATE_HOME": directory.path("state"),
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
        ]
        variables["NYT_API_KEY"] = key
        return variables
    }

    /// Writes `config.toml` (e.g. `request_timeout_seconds = 1`).
    func writeConfig(_ text: String) throws {
        let folder = url.appendingPathComponent("config/nytreader")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    }

    /// Runs the built program with `arguments` and `--db` pointing into this home (or at `database`), on a
    /// thread of its own (waiting for a process must not hold a thread of the concurrency pool the other
    /// tests share).
    func run(
        _ arguments: [String], key: String? = CliHome.key, timeout: TimeInterval = 45, database: String? = nil
    ) async throws -> Subprocess.Result {
        let program = ProgramBinary.url.path
        let arguments = arguments + ["--db", database ?? self.database]
        let environment = environment(key: key)
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try Subprocess.run(program, arguments, environment: environment, timeout: timeout) })
            }.start()
        }
    }

    /// `refresh` of `section` from `baseURL`, without the spacing between requests unless `extra` sets one
    /// (runs in a row would otherwise wait for each other, as they do for the NYT).
    func refresh(section: String = "world", from baseURL: URL, extra: [String] = []) async throws -> Subprocess.Result {
        let spacing = extra.contains("--request-spacing") ? [] : ["--request-spacing", "0"]
        return try await run(["refresh", "--section", section, "--api-base-url", baseURL.absoluteString] + spacing + extra)
    }

    /// `list --json` of `section`, offline.
    func listJSON(section: String = "world") async throws -> Subprocess.Result {
        try await run(["list", "--section", section, "--json", "--limit", "500"])
    }
}

/// One entry of `list --json` output.
struct ListedArticle: Decodable, Equatable {
    let uri: String
    let title: String
    let byline: String
    let section: String
    let sectionName: String
    let published: String
    let url: String
    let lead: String
    let read: Bool
    let saved: Bool

    static func decode(_ output: String) throws -> [ListedArticle] {
        try JSONDecoder().decode([ListedArticle].self, from: Data(output.utf8))
    }
}
