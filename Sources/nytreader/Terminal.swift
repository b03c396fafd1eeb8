import ArgumentParser
import FoundationEssentials
import Glibc
import Logging
import NewsCore

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

    /// Writes all of `text` to `descriptor`, going on after a partial write or a signal.
    static func write(_ text: String, to descriptor: Int32) {
        // A closed or full stdout or stderr (the reader of a pipe gone) leaves nowhere to say so.
        _ = try? SystemCall.writeAll(text.utf8, to: descriptor)
    }

    /// Runs a command's body: known failures become one sentence on stderr and their exit status,
    /// anything else a plain sentence and status 1, never a stack trace.
    static func reportingFailures<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as CommandFailure {
            printError(failure.message)
            throw ExitCode(failure.status)
        } catch let error as ExitCode {
            throw error
        } catch {
            printError(String(describing: error))
            ProgramLog.logger?.error("exit 1: \(error)")
            throw ExitCode(1)
        }
    }
}
