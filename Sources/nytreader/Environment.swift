import ArticleStore
import BundledSnapshot
import FoundationEssentials
import Glibc
import Logging
import NYTAPI
import NewsCore
import ReaderConfig
import ReaderService
import ReaderViewModel
import TerminalUI

/// The composition root: reads the configuration, starts the log, and builds the concrete store,
/// client and service from the options and the settings.
struct Environment {
    let configuration: Configuration
    let service: ReaderService
    /// The program's logger (to the log file only).
    let logger: Logger

    /// The paths in use.
    var paths: AppPaths { configuration.paths }
    /// The effective settings; the reader takes `colors`, `defaultSection` and `keys` from here.
    var settings: Settings { configuration.settings }

    /// - Parameters:
    ///   - policy: the command's refresh policy; its `staleAfter` comes from the settings.
    ///   - importsSnapshot: whether an empty cache gets the bundled snapshot now (`importSnapshotIfEmpty`).
    ///   - onRequestWait: told before a request waits for the spacing between requests to one API.
    init(
        options: some ProgramOptions,
        policy: RefreshPolicy = .standard,
        access: ArticleStore.Access = .readWrite,
        importsSnapshot: Bool = true,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment,
        onRequestWait: RequestWaitObserver? = nil
    ) async throws {
        let configuration = Configuration.reportingProblems(options: options, environment: processEnvironment)
        self.configuration = configuration
        let settings = configuration.settings
        let logFile = ProgramLog.start(at: configuration.paths.logFile, verbose: options.verbose)
        let logger = Logger(label: "nytreader")
        self.logger = logger
        logger.debug("nytreader \(ProgramVersion.current) started, pid \(getpid())")

        let store: ArticleStore
        do {
            let database = configuration.database
            if database.source == .defaultValue {
                do {
                    try PrivateFiles.makeDirectory(database.value.deletingLastPathComponent().standardizedFileURL.path)
                } catch {
                    throw StoreError.cannotCreate(error, path: database.value.path)
                }
            }
            let retention = RetentionPolicy(
                retention: TimeInterval(settings.retentionDays.value) * 86_400,
                maximumUnsavedArticles: settings.maximumArticles.value
            )
            // The store makes the database file 0600; SQLite gives its -wal and -shm files the same mode.
            store = try ArticleStore(path: database.value.path, policy: retention, access: access)
        } catch let error as StoreError {
            logger.error("cannot open the cache: \(error)")
            throw CommandFailure(message: error.detailedMessage, status: ExitStatus.forStore(error))
        } catch {
            logger.error("cannot open the cache: \(error)")
            throw CommandFailure(message: String(describing: error), status: ExitStatus.ioError)
        }

        var client: NYTClient? = nil
        if !options.offline {
            let key: APIKey?
            do {
                key = try configuration.apiKey()
            } catch {
                logger.error("API key: \(error)")
                throw CommandFailure(message: error.description, status: ExitStatus.keyProblem)
            }
            if let key {
                logFile.redact(key.value)
                if let warning = key.permissionWarning { Terminal.printError(warning) }
                logger.debug("API key \(key)")
                do {
                    client = try NYTClient(
                        apiKey: key.value,
                        baseURL: options.baseURL,
                        transport: LoggingTransport(base: CurlTransport(), logger: logger),
                        timeout: settings.requestTimeoutSeconds.value
                    )
                } catch {
                    // The options were validated already (CommonOptions); this is the same check, kept.
                    throw CommandFailure(message: "--api-base-url: \(error).", status: ExitStatus.usage)
                }
            } else {
                logger.debug("no API key set; refreshes will not reach the network")
            }
        }
        var policy = policy
        policy.staleAfter = TimeInterval(settings.refreshAfterMinutes.value) * 60
        self.service = ReaderService(
            store: store, client: client, withoutClient: options.offline ? .offlineByRequest : .noAPIKey, policy: policy,
            rateLimits: store, observer: RefreshLog.observer(logger), onRequestWait: onRequestWait
        )
        if importsSnapshot { try await importSnapshotIfEmpty() }
    }

    /// Stores the bundled snapshot when the cache holds no article (the first run); returns how many
    /// articles it stored.
    @discardableResult
    func importSnapshotIfEmpty() async throws -> Int {
        do {
            let imported = try await service.importIfEmpty(
                BundledSnapshot.feeds.map { BundledFeed(section: Section(rawValue: $0.section), json: $0.json) }
            )
            if imported > 0 { logger.info("first run: imported \(imported) articles from the bundled snapshot") }
            return imported
        } catch .cache(let error) {
            logger.error("bundled snapshot: \(error)")
            throw CommandFailure(message: error.detailedMessage, status: ExitStatus.forStore(error))
        }
    }
}

extension Configuration {
    /// The configuration for `options`, with each problem in the config file, including `[keys]` entries
    /// the reader cannot use, reported on stderr as one warning line (before any screen is drawn).
    static func reportingProblems(
        options: some ProgramOptions,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Configuration {
        let configuration = Configuration(
            environment: environment,
            databaseOption: options.db,
            apiKeyFileOption: options.apiKeyFile,
            verbose: options.verbose
        )
        for problem in configuration.warnings { Terminal.printError(problem.description) }
        return configuration
    }

    /// The file's problems and the key map's, in line order: on stderr, and in the reader's help.
    var warnings: [ConfigProblem] {
        (problems + keyBindingProblems).sorted { ($0.line ?? 0, $0.key ?? "") < ($1.line ?? 0, $1.key ?? "") }
    }

    /// The `[keys]` entries the reader's key map rejects (an unknown key name), each naming the config file
    /// and the entry's line.
    var keyBindingProblems: [ConfigProblem] {
        KeyMap(overrides: settings.keys).problems.map { problem in
            var line: Int? = nil
            if case .configFile(let known)? = settings.keyBindings[problem.action]?.source { line = known }
            return ConfigProblem(
                file: paths.abbreviated(paths.configFile), line: line, key: "keys.\(problem.action.rawValue)", message: problem.message
            )
        }
    }
}
