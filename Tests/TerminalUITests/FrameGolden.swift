import Foundation
@_spi(Testing) import TerminalUI
import Testing

/// Whole frames compared with golden text files in `Goldens/Frames` (one per screen and size). With
/// `NYTREADER_RECORD_GOLDENS=1` the frames drawn are written there instead: read them, then commit them.
enum FrameGolden {
    /// The sizes every screen is drawn at: a small terminal, the classic one, and two large ones.
    static let sizes = [
        ScreenSize(rows: 10, columns: 40), ScreenSize(rows: 24, columns: 80), ScreenSize(rows: 40, columns: 120),
        ScreenSize(rows: 60, columns: 200),
    ]

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/Frames")
    }

    /// Checks `text` against the golden frame `name` at `size` (or records it).
    static func expect(_ text: String, named name: String, size: ScreenSize, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = directory.appendingPathComponent("\(name)-\(size.columns)x\(size.rows).txt")
        if ProcessInfo.processInfo.environment["NYTREADER_RECORD_GOLDENS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? (text + "\n").write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let golden = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden frame \(file.lastPathComponent) (NYTREADER_RECORD_GOLDENS=1 writes it)", sourceLocation: sourceLocation)
            return
        }
        #expect(text + "\n" == golden, "\(file.lastPathComponent)", sourceLocation: sourceLocation)
    }
}
