import FoundationEssentials
import NewsCore
import ReaderViewModel

/// The feeds to switch to, the highlighted one under the cursor and the current one marked: the fixed
/// feeds, then the searches kept in the cache with their count of matches and the cache's age.
/// When the terminal is too short for all of them, the frame says so: `↑ more` in the top edge when
/// feeds are hidden above, `↓ more` in the bottom edge when some are hidden below.
struct SectionPickerOverlay {
    static let title = "Sections"
    static let moreAbove = "↑ more"
    static let moreBelow = "↓ more"
    /// The widest a row of the picker grows (long searches are cut).
    static let maximumWidth = 60

    /// How many feeds the picker shows at once inside `area`, at most.
    static func visibleRows(in area: Rect) -> Int {
        OverlayBox(contentRows: area.height, contentWidth: minimumWidth, in: area).content.height
    }

    /// Wide enough for the longest fixed title after its mark, and for the title and a note side by side
    /// in the top edge. The fixed feeds never change, so this is measured once, not on every frame.
    private static let minimumWidth: Int = {
        let noteRoom = DisplayWidth.of(" \(title) ") + DisplayWidth.of(" \(moreAbove) ") + 1
        return max((ReaderState.pickableFeeds.map { DisplayWidth.of($0.title) }.max() ?? 0) + 2, noteRoom)
    }()

    /// The text of each row: a fixed feed's title; a search's, its matches and how old its cache is.
    static func rows(for state: ReaderState, now: Date) -> [String] {
        ReaderState.pickableFeeds.map(\.title)
            + state.searchFeeds.map { status in
                var text = status.feed.title
                if let hits = status.totalHits { text += " · \(GroupedCount(hits))" }
                if let refreshed = status.lastRefreshedDate { text += " · \(RelativeTime.short(from: refreshed, to: now))" }
                return text.terminalSafe
            } + state.archiveFeeds.map { "\($0.feed.title) · \(GroupedCount($0.count))" }
    }

    func draw(selection: Int, state: ReaderState, in area: Rect, on screen: any Screen, now: Date) {
        let feeds = state.pickerFeeds
        let rows = Self.rows(for: state, now: now)
        let width = min(Self.maximumWidth, max(Self.minimumWidth, (rows.map { DisplayWidth.of($0) }.max() ?? 0) + 2))
        let box = OverlayBox(contentRows: rows.count, contentWidth: width, in: area)
        box.draw(title: Self.title, on: screen)
        let content = box.content
        guard content.height > 0, content.width > 0 else { return }
        let first = max(0, min(selection - content.height / 2, rows.count - content.height))
        let end = min(rows.count, first + content.height)
        if first > 0 {
            box.drawNote(Self.moreAbove, onTopEdge: true, on: screen)
        }
        if end < rows.count {
            box.drawNote(Self.moreBelow, onTopEdge: false, on: screen)
        }
        for (offset, index) in (first..<end).enumerated() {
            let row = content.row + offset
            let style = index == selection ? TextStyle(role: .selection, bold: true, reverse: true) : TextStyle.plain
            if index == selection {
                screen.fill(row: row, column: content.column, width: content.width, style: style)
            }
            let text = (feeds[index] == state.feed ? "• " : "  ") + rows[index]
            screen.draw(DisplayWidth.prefix(text, fitting: content.width).text, row: row, column: content.column, style: style)
        }
    }
}
