import NewsCore
import ReaderViewModel

/// The feeds to switch to, the highlighted one under the cursor and the current one marked.
/// When the terminal is too short for all of them, the frame says so: `↑ more` in the top edge when
/// feeds are hidden above, `↓ more` in the bottom edge when some are hidden below.
struct SectionPickerOverlay {
    static let title = "Sections"
    static let moreAbove = "↑ more"
    static let moreBelow = "↓ more"

    /// How many feeds the picker shows at once inside `area`.
    static func visibleRows(in area: Rect) -> Int {
        box(in: area).content.height
    }

    /// The picker's panel inside `area`: a row per feed.
    private static func box(in area: Rect) -> OverlayBox {
        OverlayBox(contentRows: ReaderState.pickableFeeds.count, contentWidth: contentWidth, in: area)
    }

    /// Wide enough for the longest title after its mark, and for the title and a note side by side in
    /// the top edge. The feeds never change, so this is measured once, not on every frame.
    private static let contentWidth: Int = {
        let noteRoom = DisplayWidth.of(" \(title) ") + DisplayWidth.of(" \(moreAbove) ") + 1
        return max((ReaderState.pickableFeeds.map { DisplayWidth.of($0.title) }.max() ?? 0) + 2, noteRoom)
    }()

    func draw(selection: Int, current: Feed, in area: Rect, on screen: any Screen) {
        let feeds = ReaderState.pickableFeeds
        let box = Self.box(in: area)
        box.draw(title: Self.title, on: screen)
        let content = box.content
        guard content.height > 0, content.width > 0 else { return }
        let first = max(0, min(selection - content.height / 2, feeds.count - content.height))
        let end = min(feeds.count, first + content.height)
        if first > 0 {
            box.drawNote(Self.moreAbove, onTopEdge: true, on: screen)
        }
        if end < feeds.count {
            box.drawNote(Self.moreBelow, onTopEdge: false, on: screen)
        }
        for (offset, index) in (first..<end).enumerated() {
            let row = content.row + offset
            let feed = feeds[index]
            let style = index == selection ? TextStyle(role: .selection, bold: true, reverse: true) : TextStyle.plain
            if index == selection {
                screen.fill(row: row, column: content.column, width: content.width, style: style)
            }
            let text = (feed == current ? "• " : "  ") + feed.title
            screen.draw(DisplayWidth.prefix(text, fitting: content.width).text, row: row, column: content.column, style: style)
        }
    }
}
