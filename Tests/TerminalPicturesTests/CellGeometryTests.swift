import Foundation
import TerminalPictures
import TestSupport
import Testing

@Suite("Cell geometry")
struct CellGeometryTests {
    @Test("The cell size comes from TIOCGWINSZ's pixel fields when the terminal fills them")
    func fromPixels() {
        let xterm = TerminalWindowSize(columns: 80, rows: 24, widthPixels: 800, heightPixels: 480)
        #expect(CellSize(window: xterm) == CellSize(width: 10, height: 20))
        let foot = TerminalWindowSize(columns: 100, rows: 30, widthPixels: 905, heightPixels: 542)
        #expect(CellSize(window: foot) == CellSize(width: 9, height: 18))
    }

    @Test("1:2 (10 × 20) when it does not, or reports nonsense")
    func fallback() {
        for window in [
            TerminalWindowSize(columns: 80, rows: 24), TerminalWindowSize(columns: 80, rows: 24, widthPixels: 800),
            TerminalWindowSize(columns: 0, rows: 0, widthPixels: 800, heightPixels: 480),
            TerminalWindowSize(columns: 80, rows: 24, widthPixels: 40, heightPixels: 480),
            TerminalWindowSize(columns: 1, rows: 1, widthPixels: 65535, heightPixels: 65535),
        ] {
            #expect(CellSize(window: window) == .fallback, "\(window)")
        }
        #expect(CellSize.fallback == CellSize(width: 10, height: 20))
    }

    @Test("A picture fits the box with its aspect kept, as wide or as tall as the box")
    func fitting() {
        let cell = CellSize.fallback
        let box = CellBox(columns: 60, rows: 15)
        // 600×400 is 60×20 cells at full size: the height limits it to 15 rows, 45 columns.
        #expect(box.fitting(PixelSize(width: 600, height: 400), cell: cell) == CellBox(columns: 45, rows: 15))
        // A wide banner is limited by the width.
        #expect(box.fitting(PixelSize(width: 2000, height: 200), cell: cell) == CellBox(columns: 60, rows: 3))
        // A small picture is scaled up to the box.
        #expect(box.fitting(PixelSize(width: 75, height: 75), cell: cell) == CellBox(columns: 30, rows: 15))
        // At least one cell each way, never more than the box.
        #expect(box.fitting(PixelSize(width: 10000, height: 1), cell: cell) == CellBox(columns: 60, rows: 1))
        #expect(box.fitting(PixelSize(width: 1, height: 10000), cell: cell) == CellBox(columns: 1, rows: 15))
        // Square cells: 600×400 in 60×15 is 23×15.
        let square = CellSize(width: 10, height: 10)!
        #expect(box.fitting(PixelSize(width: 600, height: 400), cell: square) == CellBox(columns: 23, rows: 15))
    }

    @Test("The window size is read from a terminal; anything else is a typed error")
    func windowSize() throws {
        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        #expect(throws: PictureError.terminalUnavailable(errno: ENOTTY)) { try TerminalWindowSize.read(descriptor: null) }
        #expect(throws: PictureError.terminalUnavailable(errno: EBADF)) { try TerminalWindowSize.read(descriptor: -1) }

        let pseudoTerminal = try PseudoTerminal()
        let stty = try Subprocess.run("/bin/stty", ["cols", "132", "rows", "43"], input: pseudoTerminal.path)
        try #require(stty.status == 0, "stty: \(stty.errorOutput)")
        let master = pseudoTerminal.master
        let size = try TerminalWindowSize.read(descriptor: master)
        #expect(size == TerminalWindowSize(columns: 132, rows: 43))
        #expect(CellSize(window: size) == .fallback)
    }
}
