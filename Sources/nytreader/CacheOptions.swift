import ArgumentParser
import FoundationEssentials
import NYTAPI

/// The options of the commands that read the cache only (`list`, `search`, `searches`, `trend`): which
/// cache, and how much to log. They never reach the NYT, so they take no network option.
struct CacheOptions: ParsableArguments {
    /// `--db`'s help, shared with `CommonOptions`.
    static let databaseHelp = ArgumentHelp(
        "Use this cache database instead of ~/.local/share/nytreader/cache.sqlite.", valueName: "path")
    /// `--verbose`'s help, shared with `CommonOptions`.
    static let verboseHelp = ArgumentHelp("Log more detail (debug level) to ~/.local/state/nytreader/nytreader.log.")

    @Option(name: .long, help: databaseHelp, completion: .file())
    var db: String?

    @Flag(name: .long, help: verboseHelp)
    var verbose = false

    func validate() throws {
        try Self.validate(database: db)
    }

    /// An empty `--db` names no file (it would open the current folder).
    static func validate(database: String?) throws {
        if database?.isEmpty == true { throw ValidationError("--db needs the path of a cache file.") }
    }
}

/// What the composition root (`Environment`, `Configuration.reportingProblems`) takes from a command's
/// options.
protocol ProgramOptions {
    var db: String? { get }
    var apiKeyFile: String? { get }
    var offline: Bool { get }
    var verbose: Bool { get }
    /// The API base URL to use.
    var baseURL: URL { get }
}

extension CommonOptions: ProgramOptions {}

extension CacheOptions: ProgramOptions {
    var apiKeyFile: String? { nil }
    var offline: Bool { true }
    var baseURL: URL { NYTClient.defaultBaseURL }
}
