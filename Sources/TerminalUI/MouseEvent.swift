import ReaderViewModel

/// A press of the first mouse button or a turn of the wheel, at a cell of the screen (0-based).
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }

    /// What the pointer is over in `layout`: a list row (counted from the pane's first), the detail, or
    /// something else.
    func target(in layout: Layout) -> PointerTarget {
        guard let panes = layout.panes else { return .elsewhere }
        // The zoomed detail lies over the list.
        if panes.detail.contains(row: row, column: column) { return .detail }
        if panes.showsList, panes.list.contains(row: row, column: column) { return .listRow(row - panes.list.row) }
        return .elsewhere
    }
}

extension Rect {
    /// Whether the cell is inside the rectangle.
    func contains(row: Int, column: Int) -> Bool {
        (self.row..<(self.row + height)).contains(row) && (self.column..<(self.column + width)).contains(column)
    }
}
