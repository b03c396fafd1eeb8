import FoundationEssentials
import Logging
import ReaderConfig
import Synchronization

/// The program's log: swift-log bootstrapped once, to the log file only (never the terminal, which
/// belongs to the reader's screen or to the commands' output).
enum ProgramLog {
    private static let started = Mutex<(file: LogFile, logger: Logger)?>(nil)

    /// Sends every logger to `url` at info level, or debug when `verbose`; later calls return the first
    /// file. No logger may be created before this (it would write to the terminal). When something other
    /// than a regular file is at `url` (a symbolic link), nothing is logged and stderr says so once.
    @discardableResult
    static func start(at url: URL, verbose: Bool) -> LogFile {
        started.withLock { started in
            if let started { return started.file }
            let file = LogFile(url: url)
            // Something planted at the log's path is left alone: said once, on stderr before any screen.
            if let problem = file.check() { Terminal.printError(problem) }
            let level: Logger.Level = verbose ? .debug : .info
            LoggingSystem.bootstrap { label in FileLogHandler(label: label, file: file, level: level) }
            started = (file, Logger(label: "nytreader"))
            return file
        }
    }

    /// The program's logger once `start` ran, else nil.
    static var logger: Logger? {
        started.withLock { $0?.logger }
    }
}
