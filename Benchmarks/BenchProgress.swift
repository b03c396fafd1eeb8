import Foundation

/// Says on stderr what the benchmark is doing (the table goes to stdout).
func progress(_ message: String) {
    FileHandle.standardError.write(Data("bench: \(message)\n".utf8))
}
