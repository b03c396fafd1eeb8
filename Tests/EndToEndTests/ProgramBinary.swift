import Foundation
import TestSupport

/// The built `nytreader` executable the end-to-end tests drive: always one this checkout built.
enum ProgramBinary {
    /// `NYTREADER_BIN` when set (`make test` names the release build there, the binary that ships), else
    /// the debug `nytreader` beside the test runner. A program outside this checkout's build folders stops
    /// the run: the tests would prove nothing about this code.
    static let url: URL = {
        let path: String
        if let named = ProcessInfo.processInfo.environment["NYTREADER_BIN"], !named.isEmpty {
            path = named
        } else {
            path = ChildProcess.builtProgram("nytreader")
        }
        if let problem = BuiltProgramCheck(checkout: checkout).problem(with: path) {
            fatalError("end-to-end tests: \(problem)")
        }
        return URL(fileURLWithPath: path)
    }()

    /// The root of this checkout (three folders above this file).
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
