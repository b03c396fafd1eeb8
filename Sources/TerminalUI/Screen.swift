import TerminalPictures

/// Rows and columns of a terminal.
public struct ScreenSize: Hashable, Sendable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// Where frames are drawn: ncursesw in the program, an in-memory grid in tests.
/// Text handed to `draw` is already sanitized and cut to fit.
public protocol Screen: AnyObject {
    var size: ScreenSize { get }
    /// Blanks the whole frame.
    func erase()
    /// Draws `text` starting at `row`, `column`.
    func draw(_ text: String, row: Int, column: Int, style: TextStyle)
    /// Paints `width` blank cells (e.g. the rest of a highlighted row).
    func fill(row: Int, column: Int, width: Int, style: TextStyle)
    /// Shows the frame.
    func present()
    /// Tells the screen a panel covers `rect` in this frame. Where a panel's edge cuts a wide character in
    /// two, the terminal drops the whole character, which curses does not know: the screen that keeps
    /// cells on a terminal draws those rows again in full once the panel has gone or moved.
    func cover(_ rect: Rect)
}

extension Screen {
    public func cover(_ rect: Rect) {}
}

/// A screen that shows pictures; others leave them out.
protocol PictureScreen: Screen {
    /// Draws one row of a picture in symbols from `row`, `column`, each cell in its colors.
    func drawPicture(_ cells: ArraySlice<PictureCell>, row: Int, column: Int)
    /// Shows `placement`'s graphics picture from the next `present` on, until a frame places another or
    /// none (an erase places none).
    func placeGraphics(_ placement: GraphicsPlacement?)
}
