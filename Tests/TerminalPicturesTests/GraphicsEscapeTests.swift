import Foundation
import TerminalPictures
import TestSupport
import Testing

/// Kitty, sixel and iTerm2 output of a 32 × 32 picture of four colored quarters (the bottom right one
/// transparent) drawn into 2 × 1 cells of 8 × 16 pixels: a 16 × 16 pixel image, held byte for byte to
/// golden files, and read back to check what the bytes say.
@Suite("Graphics escapes")
struct GraphicsEscapeTests {
    static let box = CellBox(columns: 2, rows: 1)

    static func render(_ graphicsProtocol: PictureProtocol) throws -> GraphicsPicture {
        let renderer = PictureRenderer(cellSize: CellSize(width: 8, height: 16)!)
        let bytes = try PictureFixtures.bytes("quarters-palette-32x32.png")
        guard case .graphics(let picture) = try renderer.render(encoded: bytes, in: box, as: graphicsProtocol) else {
            throw PictureError.corrupt("not graphics")
        }
        return picture
    }

    /// The escapes of the picture in `graphicsProtocol` as text, checked against their golden file.
    static func escapes(_ graphicsProtocol: PictureProtocol, golden: String) throws -> String {
        let picture = try render(graphicsProtocol)
        #expect(picture.box == box)
        #expect(picture.graphicsProtocol == graphicsProtocol)
        try PictureGolden.check(picture.escapes, golden)
        return String(decoding: picture.escapes, as: UTF8.self)
    }

    @Test("Kitty: one immediate image of 16 × 16 RGBA pixels over 2 × 1 cells, sent in chunks")
    func kitty() throws {
        let text = try Self.escapes(.kitty, golden: "quarters-2x1.kitty")
        let header = "\u{1B}_Ga=T,f=32,s=16,v=16,c=2,r=1,m=1\u{1B}\\"
        #expect(text.hasPrefix(header))
        #expect(text.hasSuffix("\u{1B}_Gm=0\u{1B}\\"))
        // libchafa sends 512 bytes a chunk, each chunk base64 on its own (padded).
        var rgba: [UInt8] = []
        for chunk in text.dropFirst(header.count).components(separatedBy: "\u{1B}_Gm=1;").dropFirst() {
            let parts = chunk.components(separatedBy: "\u{1B}\\")
            #expect(parts.count >= 2)
            rgba += try #require(Data(base64Encoded: parts[0]))
        }
        #expect(rgba.count == 16 * 16 * 4)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[(y * 16 + x) * 4..<(y * 16 + x) * 4 + 4]) }
        #expect(pixel(2, 2) == [255, 0, 0, 255])
        #expect(pixel(13, 2) == [0, 255, 0, 255])
        #expect(pixel(2, 13) == [0, 0, 255, 255])
        #expect(pixel(13, 13)[3] == 0)
    }

    @Test("Sixel: a DCS sixel image 16 pixels wide, its palette holding the three colors")
    func sixel() throws {
        let text = try Self.escapes(.sixel, golden: "quarters-2x1.sixel")
        // libchafa makes a sixel image's height a multiple of 6, rounding down: 12 of the cell's 16 rows.
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;16;12"))
        #expect(text.hasSuffix("\u{1B}\\"))
        // Palette entries are #index;2;red;green;blue in percent.
        for color in [";2;100;0;0", ";2;0;100;0", ";2;0;0;100"] {
            #expect(text.contains(color), "no palette entry \(color)")
        }
        // Nothing but the introducer and the terminator is an escape or a control character.
        let body = text.dropFirst(2).dropLast(2)
        #expect(!body.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
    }

    @Test("iTerm2: one inline file of 2 × 1 cells")
    func iterm() throws {
        let text = try Self.escapes(.iterm, golden: "quarters-2x1.iterm")
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;width=2;height=1;preserveAspectRatio=0:"))
        #expect(text.hasSuffix("\u{07}"))
    }

    @Test("The same picture gives the same bytes every time", arguments: [PictureProtocol.kitty, .sixel, .iterm])
    func deterministic(graphicsProtocol: PictureProtocol) throws {
        #expect(try Self.render(graphicsProtocol) == Self.render(graphicsProtocol))
    }
}
