import ArgumentParser
import FoundationEssentials
import NYTAPI

/// Options every command takes.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: CacheOptions.databaseHelp, completion: .file())
    var db: String?

    @Option(name: .long, help: ArgumentHelp("NYT API base URL (https, or http to a loopback host).", valueName: "url"))
    var apiBaseURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read the API key from this file when NYT_API_KEY is not set (default ~/.config/nytreader/api-key).",
            valueName: "path"
        ), completion: .file())
    var apiKeyFile: String?

    @Flag(name: .long, help: "Never touch the network; show the cache only (refresh and archive imports refuse it).")
    var offline = false

    @Flag(name: .long, help: CacheOptions.verboseHelp)
    var verbose = false

    func validate() throws {
        try CacheOptions.validate(database: db)
        if let apiBaseURL {
            guard let url = URL(string: apiBaseURL) else {
                throw ValidationError("--api-base-url \(apiBaseURL) is not a URL.")
            }
            do {
                try NYTClient.validate(baseURL: url)
            } catch .invalidBaseURL(let reason) {
                throw ValidationError("--api-base-url: \(reason).")
            } catch {
                throw ValidationError("--api-base-url: \(error).")
            }
        }
    }

    /// The API base URL to use: the option's, or the NYT's.
    var baseURL: URL {
        apiBaseURL.flatMap(URL.init(string:)) ?? NYTClient.defaultBaseURL
    }
}
