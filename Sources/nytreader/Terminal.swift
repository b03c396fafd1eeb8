import ArgumentParser
import Foundation
import Logging
import NewsCore

/// Writing to the standard streams from the headless commands.
enum Terminal {
    /// One line on stdout; its text from the network is already terminal-safe (`ArticleListing`).
    static func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// One line on stderr, terminal-safe as a whole: messages carry server text (a status, a host, a
    /// decoding error) and a person's own arguments.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data(("nytreader: " + line.terminalSafe + "\n").utf8))
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
