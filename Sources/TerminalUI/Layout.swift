/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var height: Int
    public var width: Int

    public init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = height
        self.width = width
    }
}

/// Where the panes go for a terminal size: side by side when wide, stacked when narrow,
/// a single line when too small for either.
public enum Layout: Hashable, Sendable {
    case wide(header: Rect, list: Rect, separator: Rect, detail: Rect, status: Rect)
    case narrow(header: Rect, list: Rect, separator: Rect, detail: Rect, status: Rect)
    case tooSmall

    /// Terminals at least this wide put the detail beside the list.
    public static let wideColumns = 80
    /// The smallest terminal that gets panes at all.
    public static let minimumSize = ScreenSize(rows: 6, columns: 20)

    public init(size: ScreenSize) {
        guard size.rows >= Layout.minimumSize.rows, size.columns >= Layout.minimumSize.columns else {
            self = .tooSmall
            return
        }
        let header = Rect(row: 0, column: 0, height: 1, width: size.columns)
        let status = Rect(row: size.rows - 1, column: 0, height: 1, width: size.columns)
        let bodyHeight = size.rows - 2
        if size.columns >= Layout.wideColumns {
            let listWidth = size.columns * 2 / 5
            self = .wide(
                header: header,
                list: Rect(row: 1, column: 0, height: bodyHeight, width: listWidth),
                separator: Rect(row: 1, column: listWidth, height: bodyHeight, width: 1),
                detail: Rect(row: 1, column: listWidth + 2, height: bodyHeight, width: size.columns - listWidth - 3),
                status: status
            )
        } else {
            let listHeight = max(1, (bodyHeight - 1) * 2 / 5)
            self = .narrow(
                header: header,
                list: Rect(row: 1, column: 0, height: listHeight, width: size.columns),
                separator: Rect(row: 1 + listHeight, column: 0, height: 1, width: size.columns),
                detail: Rect(row: 2 + listHeight, column: 1, height: bodyHeight - listHeight - 1, width: size.columns - 2),
                status: status
            )
        }
    }

    /// The rectangles of a layout that has panes.
    public struct Panes: Hashable, Sendable {
        public var header: Rect
        public var list: Rect
        public var separator: Rect
        public var detail: Rect
        public var status: Rect
    }

    /// The panes' rectangles; nil when the terminal is too small.
    public var panes: Panes? {
        switch self {
        case .wide(let header, let list, let separator, let detail, let status),
            .narrow(let header, let list, let separator, let detail, let status):
            return Panes(header: header, list: list, separator: separator, detail: detail, status: status)
        case .tooSmall:
            return nil
        }
    }

    public var listRect: Rect? { panes?.list }
}
