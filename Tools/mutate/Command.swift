import Foundation

/// A program run to its end (or its time limit), its output in a log file.
struct Command {
    /// How a run ended.
    struct Ending {
        let status: Int32
        let seconds: Double
        /// The time limit passed and the run was stopped (`timeout`'s 124, or 137 after its KILL).
        var timedOut: Bool { status == 124 || status == 137 }
    }

    /// `timeout` ends the whole process group it makes, test runners and their children included.
    static func run(
        _ program: String, _ arguments: [String], in folder: URL, limit seconds: Int, log: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Ending {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["timeout", "--kill-after=10", "\(seconds)", program] + arguments
        process.currentDirectoryURL = folder
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try Interruption.shared.run(process)
        return Ending(status: process.terminationStatus, seconds: Date().timeIntervalSince(start))
    }

    /// The standard output of a short program; throws when it fails.
    static func output(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
