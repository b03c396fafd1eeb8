import FoundationEssentials

/// Where the program keeps its files, following the XDG base directory specification:
/// `$XDG_DATA_HOME`, `$XDG_CONFIG_HOME` and `$XDG_STATE_HOME` when they hold absolute paths,
/// else `~/.local/share`, `~/.config` and `~/.local/state`.
public struct AppPaths: Sendable, Hashable {
    /// The person's home directory.
    public let home: URL
    /// `$XDG_DATA_HOME/nytreader`: the cache.
    let dataDirectory: URL
    /// `$XDG_CONFIG_HOME/nytreader`: the config file and the API key file.
    @_spi(Testing) public let configDirectory: URL
    /// `$XDG_STATE_HOME/nytreader`: the log.
    let stateDirectory: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(
            fileURLWithPath: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path)
        self.home = home
        // The specification says relative paths are invalid and must be ignored.
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

    /// The default cache database.
    public var database: URL { dataDirectory.appendingPathComponent("cache.sqlite") }
    /// The config file (TOML).
    public var configFile: URL { configDirectory.appendingPathComponent("config.toml") }
    /// The default API key file.
    public var apiKeyFile: URL { configDirectory.appendingPathComponent("api-key") }
    /// The log file; `nytreader.log.1` beside it holds the previous one.
    public var logFile: URL { stateDirectory.appendingPathComponent("nytreader.log") }

    /// `path` with the home directory written as `~`, for messages.
    public func abbreviated(_ url: URL) -> String {
        let path = url.path
        let homePath = home.path.hasSuffix("/") ? String(home.path.dropLast()) : home.path
        guard !homePath.isEmpty, path.hasPrefix(homePath + "/") else { return path }
        return "~" + path.dropFirst(homePath.count)
    }
}
