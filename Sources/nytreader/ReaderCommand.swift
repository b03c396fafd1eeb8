import ArgumentParser
import FoundationEssentials
import Logging
import NewsCore
import ReaderConfig
import ReaderService
import ReaderViewModel
import TerminalUI

/// `nytreader` with no subcommand: the full-screen reader.
struct ReaderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Open the reader (the default).",
        discussion: """
            A master/detail reader of the cache; it never waits for the network. On \
            launch a feed cached longer ago than refresh_after_minutes (config) is \
            refreshed in the background.

            Keys (? lists them as bound; rebind them in [keys] of the config file):
            \(KeyMap.reference().joined(separator: "\n"))

            It needs a terminal: with standard input or output redirected it exits \
            with status 2; 'nytreader list' prints the same articles as text.

            Examples:
              nytreader                          the default section (Home Page)
              nytreader --section world          the World section
              nytreader --query climate --from 2024-01-01
              nytreader --offline                the cache only, no network
              nytreader --popular viewed --period 7
              nytreader --latest                 the Times Newswire
              NO_COLOR=1 nytreader               without colors
              BROWSER=firefox nytreader          o opens articles in Firefox

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var feedOptions: FeedOptions

    @Option(name: .long, help: .hidden)
    var requestSpacing: Double = 12

    func validate() throws {
        guard requestSpacing.isFinite, (0...3_600).contains(requestSpacing) else {
            throw ValidationError("--request-spacing must be a number of seconds from 0 to 3600.")
        }
    }

    func run() async throws {
        guard TerminalApp.hasTerminal else {
            Terminal.printError("the reader needs a terminal; for plain output use 'nytreader list'.")
            throw ExitCode(ExitStatus.notATerminal)
        }
        guard TerminalApp.waitForForeground() else {
            Terminal.printError("the reader needs the terminal's foreground; for plain output use 'nytreader list'.")
            throw ExitCode(ExitStatus.notATerminal)
        }
        let signal = try await Terminal.reportingFailures { () async throws -> Int32? in
            let requestWaits = RequestWaitRelay()
            let environment = try await Environment(
                options: common, policy: RefreshPolicy(requestSpacing: .milliseconds(Int(requestSpacing * 1000))),
                onRequestWait: requestWaits.observer
            )
            let settings = environment.settings
            // Its problems were reported with the rest of the config file's (Environment).
            let keyMap = KeyMap(overrides: settings.keys)
            let feed = feedOptions.feed(default: .topStories(settings.defaultSection.value))
            let wakePipe = try WakePipe()
            let browser = BrowserLauncher()
            // Before the screen starts: the terminal may be asked which pictures it draws.
            let pictures = PictureSetup.options(settings: settings, environment: ProcessInfo.processInfo.environment)
            let historyFile = HistoryFile(url: environment.paths.historyFile)
            let viewModel = ReaderViewModel(
                feed: feed, autoRefreshInterval: settings.autoRefreshMinutes.value * 60, followedFeeds: settings.followedFeeds.value,
                marksReadOnSelect: settings.markReadOnSelect.value, keys: keyMap.hints,
                configWarnings: environment.configuration.warnings.map(\.description), history: PromptHistory(file: historyFile),
                listWidthPercent: settings.listWidth.value)
            let controller = ReaderController(
                viewModel: viewModel,
                service: environment.service,
                openURL: { browser.open($0) },
                copyLink: settings.copyLinks.value ? { Clipboard().copy($0) } : nil,
                photos: pictures.map { _ in environment.photoService(options: common) },
                prefetchesPhotos: settings.prefetchImages.value,
                saveHistory: { historyFile.write($0.byName) },
                wake: { [wakePipe] in wakePipe.wake() }
            )
            requestWaits.forward(to: controller.requestWaits)
            let app = TerminalApp(
                controller: controller, wakePipe: wakePipe, keyMap: keyMap, colors: settings.colors.value, mouse: settings.mouse.value,
                theme: settings.colorTheme.mapValues(\.value), pictures: pictures
            )
            let ended: Result<Int32?, TerminalError>
            do throws(TerminalError) {
                ended = .success(try await Self.runOnOwnThread(app))
            } catch {
                ended = .failure(error)
            }
            // However the reader ended (q, Ctrl-C, the terminal closed, SIGTERM, a failure), every change it
            // showed is written before the process exits.
            let unsaved = await Self.finishWrites(of: controller)
            await environment.service.checkpointCache()
            if let failure = unsaved.last, case .cache(let error) = failure {
                // What the screen showed last and could not be written: said, with the status of a cache failure.
                environment.logger.error("\(unsaved.count) changes not written at exit: \(error)")
                throw CommandFailure(
                    message: "\(Counted(unsaved.count, "change")) shown on screen could not be saved: \(error.detailedMessage)",
                    status: ExitStatus.ioError)
            }
            switch ended {
            case .success(let signal):
                return signal
            case .failure(let error):
                throw CommandFailure(message: error.description, status: error == .cannotMoveCursor ? ExitStatus.notATerminal : 1)
            }
        }
        // Ended by a signal: the terminal is restored; exit as shells expect (128 + the signal).
        if let signal {
            throw ExitCode(128 + signal)
        }
    }

    /// Waits for the changes still being written; says so on stderr when that takes long enough to notice.
    /// Returns why those that failed could not be written.
    private static func finishWrites(of controller: ReaderController) async -> [ServiceError] {
        let notice = Task {
            try await Task.sleep(for: .milliseconds(500))
            Terminal.printError("saving the last changes to the cache…")
        }
        let unsaved = await controller.finishWrites()
        notice.cancel()
        return unsaved
    }

    /// Runs the UI loop on a thread of its own: it blocks in poll(2), which must not hold one of the few
    /// threads that run the service's tasks.
    private static func runOnOwnThread(_ app: TerminalApp) async throws(TerminalError) -> Int32? {
        let box = UncheckedBox(app)
        let result: Result<Int32?, TerminalError> = await withCheckedContinuation { continuation in
            let started = DetachedThread.start {
                continuation.resume(returning: Result { () throws(TerminalError) in try box.value.run() })
            }
            if !started { continuation.resume(returning: .failure(.noThread)) }
        }
        return try result.get()
    }
}

/// Hands a value to another thread that alone uses it from then on.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
