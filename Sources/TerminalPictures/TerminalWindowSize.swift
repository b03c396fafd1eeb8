import CPicture

/// A terminal's size as TIOCGWINSZ reports it: cells, and pixels when the terminal fills them in (0
/// otherwise).
public struct TerminalWindowSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public var widthPixels: Int
    public var heightPixels: Int

    public init(columns: Int, rows: Int, widthPixels: Int = 0, heightPixels: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.widthPixels = widthPixels
        self.heightPixels = heightPixels
    }

    /// The size of the terminal open on `descriptor` (e.g. 1, standard output).
    public static func read(descriptor: Int32) throws(PictureError) -> TerminalWindowSize {
        var columns: UInt16 = 0
        var rows: UInt16 = 0
        var width: UInt16 = 0
        var height: UInt16 = 0
        let failure = nyt_picture_window_size(descriptor, &columns, &rows, &width, &height)
        guard failure == 0 else { throw .terminalUnavailable(errno: failure) }
        return TerminalWindowSize(
            columns: Int(columns), rows: Int(rows), widthPixels: Int(width), heightPixels: Int(height))
    }
}
