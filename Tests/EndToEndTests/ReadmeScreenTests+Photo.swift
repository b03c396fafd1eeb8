import Foundation
import TerminalUI
import TestSupport
import Testing

/// The README's picture of the reader showing a photo: a `capture-pane -e` of the real screen (symbols in
/// 256 colors inside tmux, the photo served by the fake NYT server's image host) drawn as an SVG, the
/// capture kept inside it. With `NYTREADER_RECORD_README=1` (`make readme-screen`) it is written again;
/// otherwise the photo and the detail pane must be what the program draws now, cell by cell and color by
/// color, the rest character by character but for the ages that change with the clock.
extension ReadmeScreenTests {
    static let photoSVG = ProgramBinary.checkout.appendingPathComponent("docs/reader-photo.svg")
    static let photoScreen = (columns: 100, rows: 30)
    static let photoTitle = "nytreader showing an article's photo: a capture of the real screen at 100×30 in tmux"

    @Test("The README shows the reader with a photo: the SVG is what the capture inside it draws, and the screen now")
    func readmePhotoCapture() throws {
        let capture = try Self.captureReaderWithPhoto()
        let (columns, rows) = Self.photoScreen
        let fresh = StyledCapture(capture, columns: columns, rows: rows)
        if ProcessInfo.processInfo.environment["NYTREADER_RECORD_README"] == "1" {
            try fresh.svg(capture: capture, title: Self.photoTitle).write(to: Self.photoSVG, atomically: true, encoding: .utf8)
            return
        }
        let svg = try String(contentsOf: Self.photoSVG, encoding: .utf8)
        let kept = try #require(StyledCapture.capture(inSVG: svg), "docs/reader-photo.svg keeps no capture: run make readme-screen")
        let recorded = StyledCapture(kept, columns: columns, rows: rows)
        #expect(svg == recorded.svg(capture: kept, title: Self.photoTitle), "the SVG is not drawn from its capture")

        let detail = try #require(Layout(size: ScreenSize(rows: rows, columns: columns)).panes?.detail)
        for row in detail.row..<detail.row + detail.height {
            let cells = detail.column..<detail.column + detail.width
            #expect(
                Array(recorded.rows[row][cells]) == Array(fresh.rows[row][cells]), "row \(row) of the detail pane: run make readme-screen")
        }
        #expect(TuiPhotoTests.pictureRows(kept).count == 11, "the photo is in the capture")
        for (row, (readme, screen)) in zip(Self.clockless(recorded.lines), Self.clockless(fresh.lines)).enumerated() {
            #expect(readme == screen, "row \(row) differs from the screen: run make readme-screen")
        }
        #expect(try String(contentsOf: Self.readme, encoding: .utf8).contains("](docs/reader-photo.svg)"))
    }

    /// The reader on a fresh HOME (bundled snapshot, no key, photos from the fake server) once the first
    /// article's photo is drawn, as `capture-pane -p -e -N` gives it.
    static func captureReaderWithPhoto() throws -> String {
        let server = try BundledPhotos.server()
        let home = try TemporaryDirectory()
        let environment = TuiHarness.freshEnvironment(home).merging(["TZ": "UTC", "NYTREADER_IMAGES": "auto"]) { $1 }
        let tmux = try TmuxSession(columns: photoScreen.columns, rows: photoScreen.rows, environment: environment)
        try tmux.run("clear; exec '\(ProgramBinary.url.path)' --api-base-url '\(server.baseURL.absoluteString)'")
        let deadline = Date().addingTimeInterval(20)
        var previous = ""
        while Date() < deadline {
            // -N keeps the blanks that end a row: those of the photo have a color.
            let styled = try tmux.command(["capture-pane", "-p", "-e", "-N"])
            let plain = try tmux.screen()
            // Two captures alike: not one taken in the middle of an update.
            defer { previous = styled }
            if styled == previous, TuiPhotoTests.pictureRows(styled).count == 11, TuiHarness.showsLoadedRows(plain),
                plain.contains("No API key set"), plain.contains("The measure, which funds")
            {
                try tmux.press("q")
                return styled
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("no photo on the screen:\n\(try tmux.screen())")
        throw TmuxError.timedOut
    }
}
