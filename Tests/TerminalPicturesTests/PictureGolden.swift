import Foundation
import TerminalPictures
import Testing

/// Golden files in Goldens/: what a rendering must produce, byte for byte. With
/// NYTREADER_RECORD_PICTURES=1 the tests write them instead (look at them before committing).
enum PictureGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    static var recording: Bool { ProcessInfo.processInfo.environment["NYTREADER_RECORD_PICTURES"] == "1" }

    /// Compares `bytes` with the golden file `name` (or records it).
    static func check(_ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if recording {
            try Data(bytes).write(to: url)
            return
        }
        let expected = [UInt8](try Data(contentsOf: url))
        guard bytes != expected else { return }
        let firstDifference =
            zip(bytes, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(bytes.count, expected.count)
        Issue.record(
            "\(name): \(bytes.count) bytes, golden \(expected.count); first difference at byte \(firstDifference)",
            sourceLocation: sourceLocation)
    }

    /// A picture in symbols as text: its characters, then each cell's foreground/background
    /// (RRGGBB, a palette index, or `-` for the terminal's color).
    static func text(_ picture: SymbolPicture, title: String) -> String {
        var lines = [title, "characters:"]
        lines += picture.rows.map { String(String.UnicodeScalarView($0.map(\.character))) }
        lines.append("colors (foreground/background):")
        lines += picture.rows.map { row in row.map { "\(name($0.foreground))/\(name($0.background))" }.joined(separator: " ") }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func name(_ color: PictureColor) -> String {
        switch color {
        case .rgb(let red, let green, let blue): String(format: "%02x%02x%02x", red, green, blue)
        case .palette(let index): String(index)
        case .terminalDefault: "-"
        }
    }
}
