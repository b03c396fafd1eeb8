/// A rectangle of character cells: where a picture may go, or what it covers.
public struct CellBox: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The cells a picture of `size` covers when fitted into this box with its aspect kept, scaled up or
    /// down: as wide or as tall as the box (to the nearest cell on the other side), at least one cell each
    /// way. Cells of `cell` give the aspect of a cell.
    public func fitting(_ size: PixelSize, cell: CellSize) -> CellBox {
        guard columns > 0, rows > 0, size.width > 0, size.height > 0 else { return CellBox(columns: 0, rows: 0) }
        let scale = min(
            Double(columns * cell.width) / Double(size.width),
            Double(rows * cell.height) / Double(size.height))
        let fitted = CellBox(
            columns: Int((Double(size.width) * scale / Double(cell.width)).rounded()),
            rows: Int((Double(size.height) * scale / Double(cell.height)).rounded()))
        return CellBox(columns: min(max(fitted.columns, 1), columns), rows: min(max(fitted.rows, 1), rows))
    }

    public var description: String { "\(columns)×\(rows) cells" }
}
