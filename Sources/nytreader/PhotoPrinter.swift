import FoundationEssentials
import Glibc
import NewsCore
import ReaderConfig
import ReaderService
import ReaderViewModel
import TerminalPictures
import TerminalUI

/// `show --image`: an article's photo printed to the terminal, as wide as the terminal and at most
/// `image_height_percent` of its height, in the protocol the reader would use; its caption under it,
/// wrapped between words to the terminal's width.
struct PhotoPrinter {
    let options: PictureOptions
    let window: TerminalWindowSize
    let symbolColors: SymbolColors
    let photos: any PhotoServing

    /// The lines and escapes to print for `photo`: the picture (or one line saying why there is none),
    /// then its caption.
    func output(for photo: ArticlePhoto) async -> [UInt8] {
        let box = CellBox(
            columns: min(max(1, window.columns), PictureRenderer.maximumCells),
            rows: min(max(1, window.rows * options.heightPercent / 100), PictureRenderer.maximumCells))
        let renderer = PictureRenderer(cellSize: options.cellSize, symbolColors: symbolColors)
        let target = renderer.decodingTarget(for: box, as: options.graphicsProtocol)
        let crop = photo.crop(covering: target.width, target.height)
        let fitted = box.fitting(PixelSize(width: crop.width, height: crop.height), cell: options.cellSize)
        var output: [UInt8] = []
        do throws(PhotoFailure) {
            let bytes = try await photos.photo(at: crop.url)
            let picture: RenderedPicture
            do throws(PictureError) {
                picture = try renderer.render(encoded: bytes, in: fitted, as: options.graphicsProtocol)
            } catch {
                throw PhotoFailure(rendering: error)
            }
            output += Self.bytes(of: picture)
        } catch {
            output += Array((error.message + "\n").utf8)
        }
        for line in WordWrap.lines(photo.captionLine.terminalSafe, width: max(1, window.columns)) {
            output += Array((line + "\n").utf8)
        }
        return output
    }

    /// A picture as bytes for a terminal: symbols as text colored by SGR escapes, a line per row; a
    /// graphics protocol's escapes, then a line feed.
    static func bytes(of picture: RenderedPicture) -> [UInt8] {
        switch picture {
        case .graphics(let graphics):
            return graphics.escapes + [0x0A]
        case .symbols(let symbols):
            var text = ""
            for row in symbols.rows {
                for cell in row {
                    text += "\u{1B}[0;" + sgr(cell.foreground, foreground: true) + ";" + sgr(cell.background, foreground: false) + "m"
                    text.unicodeScalars.append(cell.character)
                }
                text += "\u{1B}[0m\n"
            }
            return Array(text.utf8)
        }
    }

    /// The SGR parameters of `color`; the first 16 colors by their own codes (30–37 and 90–97, 40–47 and
    /// 100–107), which terminals of 8 or 16 colors know where they may not know `38;5`.
    private static func sgr(_ color: PictureColor, foreground: Bool) -> String {
        let base = foreground ? "3" : "4"
        switch color {
        case .rgb(let red, let green, let blue): return "\(base)8;2;\(red);\(green);\(blue)"
        case .palette(let index) where (0..<8).contains(index): return "\(base)\(index)"
        case .palette(let index) where (8..<16).contains(index): return "\((foreground ? 90 : 100) + index - 8)"
        case .palette(let index): return "\(base)8;5;\(index)"
        case .terminalDefault: return "\(base)9"
        }
    }

    /// 24-bit colors when the terminal says it has them (`COLORTERM=truecolor` or `24bit`), else the most
    /// its terminfo entry's `colorCount` allows; nil for a terminal of fewer than 8 colors.
    static func symbolColors(environment: [String: String], colorCount: Int) -> SymbolColors? {
        if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") { return .truecolor }
        return SymbolColors(colorCount: colorCount)
    }
}
