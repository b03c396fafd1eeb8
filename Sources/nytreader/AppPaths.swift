import Foundation

/// Where the program keeps its files, following the XDG base directory specification.
struct AppPaths {
    let dataDirectory: URL
    let configDirectory: URL
    let stateDirectory: URL

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory())
        func base(_ variable: String, fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(fileURLWithPath: value)
            }
            return home.appendingPathComponent(fallback)
        }
        dataDirectory = base("XDG_DATA_HOME", fallback: ".local/share").appendingPathComponent("nytreader")
        configDirectory = base("XDG_CONFIG_HOME", fallback: ".config").appendingPathComponent("nytreader")
        stateDirectory = base("XDG_STATE_HOME", fallback: ".local/state").appendingPathComponent("nytreader")
    }

    var database: URL { dataDirectory.appendingPathComponent("cache.sqlite") }
    var configFile: URL { configDirectory.appendingPathComponent("config.toml") }
    var apiKeyFile: URL { configDirectory.appendingPathComponent("api-key") }
    var logFile: URL { stateDirectory.appendingPathComponent("nytreader.log") }

    /// Creates `directory` (and its parents) when missing; the directory itself is private to the user (0700).
    static func makePrivateDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        _ = chmod(directory.path, 0o700)
    }
}
