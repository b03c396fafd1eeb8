import Foundation
import TerminalPictures
import TestSupport
import Testing

/// The scene drawn in symbols at two pane sizes, every cell's character and colors held to a golden file.
@Suite("Symbols goldens")
struct SymbolGoldenTests {
    static func render(_ name: String, box: CellBox, colors: SymbolColors) throws -> SymbolPicture {
        let renderer = PictureRenderer(cellSize: .fallback, symbolColors: colors)
        guard case .symbols(let picture) = try renderer.render(encoded: PictureFixtures.bytes(name), in: box, as: .symbols)
        else { throw PictureError.corrupt("not symbols") }
        return picture
    }

    @Test(
        "The scene in truecolor symbols",
        arguments: [
            (CellBox(columns: 40, rows: 10), CellBox(columns: 30, rows: 10)),
            (CellBox(columns: 24, rows: 12), CellBox(columns: 24, rows: 8)),
        ])
    func truecolor(box: CellBox, covered: CellBox) throws {
        let picture = try Self.render("scene-600x400.jpg", box: box, colors: .truecolor)
        #expect(picture.box == covered)
        let text = PictureGolden.text(picture, title: "scene-600x400.jpg in \(box), cells of 10×20 px, truecolor")
        try PictureGolden.check(Array(text.utf8), "scene-\(box.columns)x\(box.rows)-truecolor.txt")
    }

    @Test(
        "The scene in symbols on a 16- or 8-color terminal uses those colors only",
        arguments: [(SymbolColors.sixteen, 16), (SymbolColors.eight, 8)])
    func fewColors(colors: SymbolColors, count: Int) throws {
        let picture = try Self.render("scene-600x400.jpg", box: CellBox(columns: 24, rows: 12), colors: colors)
        var used: Set<UInt8> = []
        for cell in picture.cells {
            for color in [cell.foreground, cell.background] {
                guard case .palette(let index) = color else {
                    Issue.record("\(color) in a \(colors) picture")
                    continue
                }
                #expect(Int(index) < count)
                used.insert(index)
            }
        }
        #expect(used.count >= 4, "the sky, the sun and the hills: \(used)")
    }

    @Test("Symbols take the most colors the terminal has; fewer than 8 draw none")
    func colorsForTerminal() {
        #expect(SymbolColors(colorCount: 1 << 24) == .truecolor)
        #expect(SymbolColors(colorCount: 256) == .palette)
        #expect(SymbolColors(colorCount: 88) == .sixteen)
        #expect(SymbolColors(colorCount: 16) == .sixteen)
        #expect(SymbolColors(colorCount: 8) == .eight)
        #expect(SymbolColors(colorCount: 2) == nil)
    }

    @Test("The scene in palette symbols uses colors 16–255 only")
    func palette() throws {
        let box = CellBox(columns: 24, rows: 12)
        let picture = try Self.render("scene-600x400.jpg", box: box, colors: .palette)
        for cell in picture.cells {
            for color in [cell.foreground, cell.background] {
                guard case .palette(let index) = color else {
                    Issue.record("\(color) in a palette picture")
                    continue
                }
                #expect(index >= 16)
            }
        }
        let text = PictureGolden.text(picture, title: "scene-600x400.jpg in \(box), cells of 10×20 px, palette")
        try PictureGolden.check(Array(text.utf8), "scene-\(box.columns)x\(box.rows)-palette.txt")
    }

    @Test("Every symbol is one column wide, and the sky, the sun and the hills have their colors")
    func content() throws {
        let picture = try Self.render("scene-600x400.jpg", box: CellBox(columns: 40, rows: 10), colors: .truecolor)
        for cell in picture.cells {
            let value = cell.character.value
            #expect(value == 0x20 || (0x2500...0x259F).contains(value), "U+\(String(value, radix: 16))")
        }
        // Top left is sky (blue), the sun is near (0.72, 0.3) of the picture, bottom left is hill (green).
        #expect(Self.dominant(picture[0, 0]).blue > 150)
        let sun = Self.dominant(picture[3, 21])
        #expect(sun.red > 200 && sun.green > 150 && sun.blue < 120)
        let hill = Self.dominant(picture[9, 0])
        #expect(hill.green > hill.blue)
    }

    @Test("Transparent pixels leave the terminal's own color")
    func transparency() throws {
        let picture = try Self.render("scene-alpha-120x80.png", box: CellBox(columns: 24, rows: 8), colors: .truecolor)
        // The frame (10 of 120 pixels each side) is transparent: the corner cell is all terminal color.
        let corner = picture[0, 0]
        #expect(corner.background == .terminalDefault)
        #expect(corner.character == " " || corner.foreground == .terminalDefault)
        #expect(picture[4, 12].background != .terminalDefault)
    }

    /// The mean of a cell's two colors (the background alone under a space; the terminal's own color left
    /// out).
    static func dominant(_ cell: PictureCell) -> (red: Int, green: Int, blue: Int) {
        let shown = cell.character == " " ? [cell.background] : [cell.foreground, cell.background]
        let colors = shown.compactMap { color -> (Int, Int, Int)? in
            guard case .rgb(let red, let green, let blue) = color else { return nil }
            return (Int(red), Int(green), Int(blue))
        }
        guard !colors.isEmpty else { return (0, 0, 0) }
        return (
            colors.map(\.0).reduce(0, +) / colors.count, colors.map(\.1).reduce(0, +) / colors.count,
            colors.map(\.2).reduce(0, +) / colors.count
        )
    }
}
