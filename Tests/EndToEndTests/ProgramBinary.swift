import Foundation

/// The built `nytreader` executable the end-to-end tests drive.
enum ProgramBinary {
    /// `NYTREADER_BIN` when set, else the `nytreader` beside the test runner in the build folder.
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["NYTREADER_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let runner = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var directory = runner.deletingLastPathComponent()
        // The runner may sit inside an .xctest bundle directory.
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("nytreader")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "nytreader")
    }
}
