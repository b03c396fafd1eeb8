/// The size of one character cell in pixels: what a graphics protocol draws per cell, and the aspect of
/// a cell for a picture drawn in symbols.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    /// 10 × 20 (libchafa's own default), for a terminal that does not report its pixels: the 1:2 aspect
    /// of nearly every terminal font. Kitty and iTerm2 scale a picture to the cells it is given, so only
    /// the aspect matters to them.
    public static let fallback = CellSize(unchecked: 10, 20)

    /// The largest cell taken, each way.
    public static let maximumPixels = 1000

    /// A cell of `width` × `height` pixels; nil unless each is 1…`maximumPixels`.
    public init?(width: Int, height: Int) {
        guard (1...Self.maximumPixels).contains(width), (1...Self.maximumPixels).contains(height) else { return nil }
        self.init(unchecked: width, height)
    }

    /// The cell of a terminal of `window`'s size: its pixel size divided by its cells when the terminal
    /// fills the pixel fields (many leave them 0), else `fallback`.
    public init(window: TerminalWindowSize) {
        guard window.columns > 0, window.rows > 0,
            let cell = CellSize(width: window.widthPixels / window.columns, height: window.heightPixels / window.rows)
        else {
            self = .fallback
            return
        }
        self = cell
    }

    private init(unchecked width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height) px" }
}
