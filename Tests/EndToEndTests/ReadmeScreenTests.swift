import Foundation
import TestSupport
import Testing

/// The README shows a text capture of the real screen. This suite takes it: with
/// `NYTREADER_RECORD_README=1` (`make readme-screen`) it writes the capture into README.md between the
/// markers; otherwise it checks that the README's capture is what this program draws now, character for
/// character but for the ages that change with the clock (list rows' `3d`, the status line's
/// `from 3 days ago` and what its length pushes past the edge), so the README cannot drift into a
/// hand-drawn or outdated picture.
@Suite("README screen capture", .serialized, .timeLimit(.minutes(3)))
struct ReadmeScreenTests {
    static let begin = "<!-- screen:begin (written by `make readme-screen` from a tmux capture; do not edit) -->"
    static let end = "<!-- screen:end -->"
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    @Test("The README holds a capture of the reader on the bundled snapshot")
    func readmeCapture() throws {
        let capture = try Self.captureReader()
        let lines = capture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == Self.rows)

        if ProcessInfo.processInfo.environment["NYTREADER_RECORD_README"] == "1" {
            try Self.writeIntoReadme(capture)
            return
        }
        let recorded = try #require(try Self.recordedCapture(), "README.md has no screen capture between the markers")
        let recordedLines = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(recordedLines.count == lines.count, "README capture has \(recordedLines.count) lines, the screen \(lines.count)")
        for (row, (readme, screen)) in zip(Self.clockless(recordedLines), Self.clockless(lines)).enumerated() {
            #expect(readme == screen, "row \(row) differs from the screen: run make readme-screen")
        }
    }

    /// `lines` with what changes with the clock replaced: each list row's age and the status line from the
    /// snapshot's age on (its length moves where the line is cut).
    static func clockless(_ lines: [String]) -> [String] {
        lines.enumerated().map { row, line in
            if row == lines.count - 1, let age = line.range(of: "bundled snapshot from ") {
                return String(line[..<age.upperBound]) + "…"
            }
            return line.replacingOccurrences(
                of: #"^(\S) ( {0,2}(?:now|\d{1,3}[mhdwy])) "#, with: "$1 ~~~ ", options: .regularExpression
            )
        }
    }

    static let columns = 100
    static let rows = 24

    /// The reader on a fresh HOME (bundled snapshot, no key), as tmux shows it.
    static func captureReader() throws -> String {
        let home = try TemporaryDirectory()
        // The detail pane's date is local time: the same zone for every capture.
        let environment = TuiHarness.freshEnvironment(home).merging(["TZ": "UTC"]) { $1 }
        let tmux = try TmuxSession(columns: columns, rows: rows, environment: environment)
        try tmux.run("clear; exec '\(ProgramBinary.url.path)'")
        let screen = try tmux.waitFor(timeout: 15, "the first article's detail") {
            $0.contains("House Passes Spending Deal Hours Before Deadline") && $0.contains("bundled snapshot")
                && $0.contains("The measure, which funds") && TuiHarness.showsLoadedRows($0)
        }
        try tmux.press("q")
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.count > rows, lines.last == "" { lines.removeLast() }
        while lines.count < rows { lines.append("") }
        return lines.joined(separator: "\n")
    }

    static func recordedCapture() throws -> String? {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: begin + "\n```text\n"),
            let stop = text.range(of: "\n```\n" + end, range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.upperBound..<stop.lowerBound])
    }

    static func writeIntoReadme(_ capture: String) throws {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let block = begin + "\n```text\n" + capture + "\n```\n" + end
        let updated: String
        if let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) {
            updated = text.replacingCharacters(in: start.lowerBound..<stop.upperBound, with: block)
        } else {
            throw CaptureError.noMarkers
        }
        try updated.write(to: readme, atomically: true, encoding: .utf8)
    }

    enum CaptureError: Error {
        case noMarkers
    }
}
