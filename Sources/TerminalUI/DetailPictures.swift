import NewsCore
import ReaderViewModel
import TerminalPictures

/// The detail pane's photos on this terminal: how they are drawn (`PictureOptions`, the colors of
/// symbols), the renderings kept, and what the pane shows above the headline for the selected article.
public final class DetailPictures: Sendable {
    let options: PictureOptions
    let symbolColors: SymbolColors
    let cache: PictureCache

    /// - Parameter wake: told, from another thread, when a rendering is done: the frame should be drawn again.
    public init(options: PictureOptions, symbolColors: SymbolColors, wake: @escaping @Sendable () -> Void) {
        self.options = options
        self.symbolColors = symbolColors
        let renderer = PictureRenderer(cellSize: options.cellSize, symbolColors: symbolColors)
        cache = PictureCache(render: { key, bytes in Self.render(bytes, key, renderer) }, wake: wake)
    }

    /// Whether a rendering was done since the last call: the frame should be drawn again.
    public func takeFinished() -> Bool {
        cache.takeFinished()
    }

    /// What the pane `rect` shows above the headline of the selected article, whose photo is `slot`; nil
    /// for nothing (no photo, or a pane too small for one).
    func block(for slot: PhotoSlot?, article: ArticleID, in rect: Rect) -> PhotoBlock? {
        guard let slot, slot.article == article, let maximum = options.maximumBox(in: rect) else { return nil }
        let box = maximum.fitting(PixelSize(width: slot.crop.width, height: slot.crop.height), cell: options.cellSize)
        let key = PictureCache.Key(
            address: slot.crop.url, box: box, graphicsProtocol: options.graphicsProtocol, symbolColors: symbolColors)
        let caption = slot.photo.captionLine
        switch slot.phase {
        case .failed(let failure):
            return PhotoBlock(content: .placeholder(failure.message), rows: 1, caption: "")
        case .waiting:
            let entry = cache.entry(for: key, bytes: nil)
            return PhotoBlock(content: Self.content(entry), rows: box.rows, caption: caption)
        case .loaded(let bytes):
            let entry = cache.entry(for: key, bytes: bytes)
            if case .failed(let failure) = entry {
                return PhotoBlock(content: .placeholder(failure.message), rows: 1, caption: "")
            }
            return PhotoBlock(content: Self.content(entry), rows: box.rows, caption: caption)
        }
    }

    private static func content(_ entry: PictureCache.Entry?) -> PhotoBlock.Content {
        guard case .drawn(let picture)? = entry else { return .reserved }
        return .picture(picture)
    }

    /// Decodes and draws `bytes` for `key` (on the cache's thread); a picture that cannot be drawn fails.
    private static func render(_ bytes: [UInt8], _ key: PictureCache.Key, _ renderer: PictureRenderer) -> PictureCache.Entry {
        do throws(PictureError) {
            return .drawn(try renderer.render(encoded: bytes, in: key.box, as: key.graphicsProtocol))
        } catch {
            return .failed(PhotoFailure(rendering: error))
        }
    }
}

extension PhotoFailure {
    /// Why a picture that came could not be drawn: the picture libraries missing, else bytes that are no
    /// picture (or one over the decoder's limits).
    public init(rendering error: PictureError) {
        if case .libraryUnavailable = error {
            self = .librariesMissing
        } else {
            self = .unreadable
        }
    }
}

/// What the detail pane shows above the headline: the photo (or the room kept for it, or a placeholder
/// line), its caption, then a blank line.
struct PhotoBlock: Hashable {
    enum Content: Hashable {
        /// Room for the photo, which is on its way.
        case reserved
        case picture(RenderedPicture)
        /// One dim line instead of the photo.
        case placeholder(String)
    }

    var content: Content
    /// The rows the photo (or the placeholder) takes.
    var rows: Int
    /// One dim line under the photo; empty for none.
    var caption: String

    /// The lines the block takes: the photo's, the caption's, a blank one.
    var lineCount: Int { rows + (caption.isEmpty ? 0 : 1) + 1 }
}
