import ArticleStore
import BundledSnapshot
import Foundation
import NewsCore
import NYTAPI
import ReaderService

/// The composition root: builds the concrete store, client and service from the options.
struct Environment {
    let paths: AppPaths
    let service: ReaderService

    init(options: CommonOptions, processEnvironment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let paths = AppPaths(environment: processEnvironment)
        self.paths = paths

        let databasePath: String
        if let db = options.db {
            databasePath = db
        } else {
            try AppPaths.makePrivateDirectory(paths.dataDirectory)
            databasePath = paths.database.path
        }
        let store = try ArticleStore(path: databasePath)

        let keySource = APIKeySource(
            environment: processEnvironment,
            keyFile: options.apiKeyFile.map { URL(fileURLWithPath: $0) },
            defaultKeyFile: paths.apiKeyFile
        )
        var client: NYTClient? = nil
        if !options.offline, let key = try keySource.key() {
            let baseURL = try Self.baseURL(options.apiBaseURL)
            client = try NYTClient(apiKey: key, baseURL: baseURL, transport: URLSessionTransport())
        }
        self.service = ReaderService(store: store, client: client)
        let bundled = BundledSnapshot.feeds.map { BundledFeed(section: Section(rawValue: $0.section), json: $0.json) }
        try service.importIfEmpty(bundled)
    }

    private static func baseURL(_ text: String?) throws -> URL {
        guard let text else { return NYTClient.defaultBaseURL }
        guard let url = URL(string: text) else {
            throw ValidationFailure("--api-base-url \(text) is not a URL.")
        }
        try NYTClient.validate(baseURL: url)
        return url
    }
}
