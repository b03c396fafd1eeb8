import Foundation
import TestSupport

/// The built `nytreader` executable the end-to-end tests drive.
enum ProgramBinary {
    /// `NYTREADER_BIN` when set, else the `nytreader` beside the test runner in the build folder.
    static var url: URL {
        if let path = ProcessInfo.processInfo.environment["NYTREADER_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: ChildProcess.builtProgram("nytreader"))
    }
}
