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

    init(
        options: CommonOptions,
        policy: RefreshPolicy = .standard,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let paths = AppPaths(environment: processEnvironment)
        self.paths = paths

        let store: ArticleStore
        do {
            let databasePath: String
            if let db = options.db {
                databasePath = db
            } else {
                try AppPaths.makePrivateDirectory(paths.dataDirectory)
                databasePath = paths.database.path
            }
            store = try ArticleStore(path: databasePath)
        } catch {
            throw CommandFailure(message: String(describing: error), status: ExitStatus.ioError)
        }

        let keySource = APIKeySource(
            environment: processEnvironment,
            keyFile: options.apiKeyFile.map { URL(fileURLWithPath: $0) },
            defaultKeyFile: paths.apiKeyFile
        )
        var client: NYTClient? = nil
        if !options.offline {
            let key: String?
            do {
                key = try keySource.key()
            } catch {
                throw CommandFailure(message: String(describing: error), status: ExitStatus.keyProblem)
            }
            if let key {
                do {
                    client = try NYTClient(apiKey: key, baseURL: options.baseURL, transport: URLSessionTransport())
                } catch {
                    throw CommandFailure(message: error.description, status: ExitStatus.usage)
                }
            }
        }
        self.service = ReaderService(store: store, client: client, policy: policy)
        let bundled = BundledSnapshot.feeds.map { BundledFeed(section: Section(rawValue: $0.section), json: $0.json) }
        do {
            try service.importIfEmpty(bundled)
        } catch {
            throw CommandFailure(message: error.description, status: ExitStatus.ioError)
        }
    }
}
