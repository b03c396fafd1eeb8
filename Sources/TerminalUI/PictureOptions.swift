import ReaderViewModel
import TerminalPictures

/// How the reader shows articles' photos, decided once at start-up: the protocol, the size of a cell and
/// how much of the detail pane a photo may take.
public struct PictureOptions: Hashable, Sendable {
    public var graphicsProtocol: PictureProtocol
    public var cellSize: CellSize
    /// The most of the detail pane's height a photo takes, in percent.
    public var heightPercent: Int
    /// Whether the `images` setting named the protocol instead of leaving it to `auto`: photos that
    /// cannot be drawn on this terminal are then said to be off, and why.
    public var namedBySetting: Bool

    /// The narrowest detail pane that shows a photo.
    public static let minimumColumns = 30
    /// The shortest detail pane that shows a photo.
    public static let minimumRows = 12

    public init(graphicsProtocol: PictureProtocol, cellSize: CellSize = .fallback, heightPercent: Int = 40, namedBySetting: Bool = false) {
        self.graphicsProtocol = graphicsProtocol
        self.cellSize = cellSize
        self.heightPercent = heightPercent
        self.namedBySetting = namedBySetting
    }

    /// The largest box a photo may take in a detail pane of `rect`: its width and `heightPercent` of its
    /// height; nil when the pane is narrower than `minimumColumns` or shorter than `minimumRows`.
    func maximumBox(in rect: Rect) -> CellBox? {
        guard rect.width >= Self.minimumColumns, rect.height >= Self.minimumRows else { return nil }
        return CellBox(columns: rect.width, rows: max(1, rect.height * heightPercent / 100))
    }

    /// The pixels the photo of a detail pane `rect` needs (the crop fetched is the smallest covering
    /// them); nil when the pane shows none.
    func photoTarget(in rect: Rect) -> PhotoTarget? {
        guard let box = maximumBox(in: rect) else { return nil }
        let pixels = PictureRenderer(cellSize: cellSize).decodingTarget(for: box, as: graphicsProtocol)
        return PhotoTarget(width: pixels.width, height: pixels.height)
    }

    /// The pixels the detail pane's photo needs on a screen of `size`; nil when it shows none.
    public func photoTarget(onScreen size: ScreenSize) -> PhotoTarget? {
        Layout(size: size).panes.flatMap { photoTarget(in: $0.detail) }
    }
}
