/// A picture drawn in character cells, for a screen that draws cell by cell (ncurses).
public struct SymbolPicture: Hashable, Sendable {
    /// The cells it covers.
    public let box: CellBox
    /// `box.columns × box.rows` cells, row after row.
    public let cells: [PictureCell]

    public init(box: CellBox, cells: [PictureCell]) {
        precondition(cells.count == box.columns * box.rows, "a symbol picture needs a cell for each of its box")
        self.box = box
        self.cells = cells
    }

    /// The cell at `row`, `column` (from 0).
    public subscript(row: Int, column: Int) -> PictureCell { cells[row * box.columns + column] }

    /// Each row's cells.
    public var rows: [ArraySlice<PictureCell>] {
        stride(from: 0, to: cells.count, by: max(box.columns, 1)).map { cells[$0..<$0 + box.columns] }
    }
}
