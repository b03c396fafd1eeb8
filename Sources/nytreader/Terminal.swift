import ArgumentParser
import FoundationEssentials
import Glibc
import Logging
import NewsCore
import ReaderService
import ReaderViewModel
import Synchronization

/// Writing to the standard streams from the headless commands.
enum Terminal {
    /// One line on stdout; its text from the network is already terminal-safe (`ArticleListing`).
    static func print(_ line: String) {
        write(line + "\n", to: STDOUT_FILENO)
    }

    /// One line on stderr, terminal-safe as a whole: messages carry server text (a status, a host, a
    /// decoding error) and a person's own arguments.
    static func printError(_ line: String) {
        write("nytreader: " + line.terminalSafe + "\n", to: STDERR_FILENO)
    }

    /// A message of several lines on stderr: the first as `printError` writes it, the others (commands to
    /// run, indented) as they are, each terminal-safe.
    static func printError(_ lines: [String]) {
        guard let first = lines.first else { return }
        printError(first)
        write(lines.dropFirst().map { $0.terminalSafe + "\n" }.joined(), to: STDERR_FILENO)
    }

    /// The width in columns of the terminal `descriptor` is, nil when it is none (a file, a pipe) or says no
    /// width.
    static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The standard streams the program was started without (`nytreader list >&-`). Each is opened on
    /// /dev/null the first time this is read, first thing in `main`, so that no file opened later (the log,
    /// a socket to the NYT) takes its number and receives what was meant for the stream.
    static let closedAtStart: Set<Int32> = Set(
        [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].filter { descriptor in
            guard fcntl(descriptor, F_GETFD) < 0, errno == EBADF else { return false }
            // The lowest free number is this one: the others below it are open, or were reopened just before.
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            return opened == descriptor || opened < 0
        })

    /// The first failure to write stdout (a full disk, a closed stream), which the command's end reports.
    private static let outputFailure = Mutex<SystemCallError?>(nil)

    /// Writes all of `text` to `descriptor`, going on after a partial write or a signal. A failure on
    /// stdout is kept for `reportingFailures` to report; stderr failing leaves nowhere to say so. (A pipe
    /// whose reader is gone ends the program with SIGPIPE, as it does any filter's.)
    static func write(_ text: String, to descriptor: Int32) {
        do throws(SystemCallError) {
            if closedAtStart.contains(descriptor) { throw SystemCallError("write", errno: EBADF) }
            try SystemCall.writeAll(text.utf8, to: descriptor)
        } catch {
            guard descriptor == STDOUT_FILENO else { return }
            outputFailure.withLock { kept in kept = kept ?? error }
        }
    }

    /// Throws, once the command has written its output, when stdout could not take all of it: a script
    /// reading the output must not take what is missing for all there is.
    private static func requireOutputWritten() throws(CommandFailure) {
        guard let failure = outputFailure.withLock({ $0 }) else { return }
        throw CommandFailure(message: "The output could not be written: \(failure).", status: ExitStatus.ioError)
    }

    /// Ends the program with `status`; a success whose output stdout could not take all of (help sent to a
    /// full disk) is exit 74 with the reason, as `reportingFailures` says it for a command's output.
    static func exit(status: Int32) -> Never {
        if status == EXIT_SUCCESS, let failure = outputFailure.withLock({ $0 }) {
            printError("The output could not be written: \(failure).")
            Glibc.exit(ExitStatus.ioError)
        }
        Glibc.exit(status)
    }

    /// Runs a command's body: known failures become one sentence on stderr and their exit status,
    /// anything else a plain sentence and status 1, never a stack trace.
    static func reportingFailures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            let result = try await body()
            try requireOutputWritten()
            return result
        } catch let failure as CommandFailure {
            printError(failure.message)
            throw ExitCode(failure.status)
        } catch let error as ExitCode {
            throw error
        } catch let error as ServiceError {
            // A cache that fails after it opened (a full disk, a damaged page): said as when it fails to open.
            switch error {
            case .cache(let failure):
                printError(failure.detailedMessage)
                ProgramLog.logger?.error("exit \(ExitStatus.forStore(failure)): \(failure)")
                throw ExitCode(ExitStatus.forStore(failure))
            }
        } catch {
            printError(String(describing: error))
            ProgramLog.logger?.error("exit 1: \(error)")
            throw ExitCode(1)
        }
    }
}
