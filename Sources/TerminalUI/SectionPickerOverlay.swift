import FoundationEssentials
import NewsCore
import ReaderViewModel

/// The feeds to switch to, by group under headings (My feeds, Sections, Most Popular, Latest, Saved,
/// Searches, Archive), the highlighted one under the cursor and the current one marked, each with its
/// unread and total counts right-aligned (`12/37`; the title is shortened first, the counts never). While
/// the filter is open its words stand in the top edge. When the terminal is too short for every entry,
/// the frame says so: `↑ more` in the top edge when entries are hidden above, `↓ more` in the bottom edge
/// when some are hidden below.
struct SectionPickerOverlay {
    static let title = "Feeds"
    static let moreAbove = "↑ more"
    static let moreBelow = "↓ more"
    /// The widest a row of the picker grows (long searches are cut).
    static let maximumWidth = 60
    /// Counts of a feed the cache never held.
    static let noCounts = "–"

    /// One row: a heading, or a feed's title, the numbers after it (a search's matches and how old its
    /// cache is), which a narrow picker keeps whole, cutting the title instead, and its counts.
    struct Row: Hashable {
        var title: String
        var numbers = ""
        var counts = ""
        var isHeading = false

        var text: String { title + numbers }

        /// The title and numbers in `width` columns: the title cut with `…` before the numbers are.
        func fitted(_ width: Int) -> String {
            let numbersWidth = DisplayWidth.of(numbers)
            guard DisplayWidth.of(text) > width, width - numbersWidth >= 8 else { return DisplayWidth.prefix(text, fitting: width).text }
            return DisplayWidth.prefix(title, fitting: width - numbersWidth).text + numbers
        }
    }

    /// How many entries the picker shows at once inside `area`, at most.
    static func visibleRows(in area: Rect) -> Int {
        OverlayBox(contentRows: area.height, contentWidth: minimumWidth, in: area).content.height
    }

    /// Wide enough for the longest fixed title after its mark with counts beside it, and for the title and a
    /// note side by side in the top edge. The fixed feeds never change, so this is measured once.
    private static let minimumWidth: Int = {
        let noteRoom = DisplayWidth.of(" \(title) ") + DisplayWidth.of(" \(moreAbove) ") + 1
        return max((ReaderState.pickableFeeds.map { DisplayWidth.of($0.title) }.max() ?? 0) + 2 + 2 + DisplayWidth.of("99/99"), noteRoom)
    }()

    /// The rows of `state`'s picker entries.
    static func rows(for state: ReaderState, now: Date) -> [Row] {
        // Looked up by feed: the picker lists every month of the archive, 2,088 of them since 1851.
        let searches = Dictionary(state.searchFeeds.map { ($0.feed, $0) }, uniquingKeysWith: { first, _ in first })
        let archive = Dictionary(state.archiveFeeds.map { ($0.feed, $0) }, uniquingKeysWith: { first, _ in first })
        return state.pickerEntries.map { entry in
            switch entry {
            case .heading(let heading):
                return Row(title: heading, isHeading: true)
            case .feed(let feed):
                var numbers = ""
                if case .search = feed, let status = searches[feed] {
                    if let hits = status.totalHits { numbers += " · \(GroupedCount(hits))" }
                    if let refreshed = status.lastRefreshedDate { numbers += " · \(RelativeTime.short(from: refreshed, to: now))" }
                }
                // An archive month never completed (its import cut short, or under way elsewhere) has no date.
                if case .archive = feed, let status = archive[feed], status.lastRefreshedDate == nil {
                    numbers += " · in part"
                }
                // It shows what an earlier refresh cached; opened, its status line says why the last one failed.
                if state.counts(of: feed)?.lastRefreshFailed == true { numbers += " · failed" }
                return Row(title: feed.title.terminalSafe, numbers: numbers, counts: state.counts(of: feed)?.fraction ?? noCounts)
            }
        }
    }

    /// Where the picker's box and its first shown entry are for `state` in `area`.
    private static func geometry(selection: Int, rows: [Row], in area: Rect) -> (box: OverlayBox, first: Int) {
        let widest = rows.map { DisplayWidth.of($0.text) + ($0.counts.isEmpty ? 0 : 2 + DisplayWidth.of($0.counts)) }.max() ?? 0
        let width = min(maximumWidth, max(minimumWidth, widest + 2))
        // No rows still leave one, for saying that nothing matches the filter.
        let box = OverlayBox(contentRows: max(1, rows.count), contentWidth: width, in: area)
        let height = box.content.height
        let first = max(0, min(selection - height / 2, rows.count - height))
        return (box, first)
    }

    /// What a click at `row`, `column` is over while the picker is open: an entry (by its index in
    /// `ReaderState.pickerEntries`), the box around the entries, or outside it.
    static func target(row: Int, column: Int, selection: Int, state: ReaderState, in area: Rect, now: Date) -> PointerTarget {
        let rows = rows(for: state, now: now)
        let (box, first) = geometry(selection: selection, rows: rows, in: area)
        guard box.frame.contains(row: row, column: column) else { return .elsewhere }
        let content = box.content
        let index = first + row - content.row
        guard content.contains(row: row, column: column), rows.indices.contains(index) else { return .overlay }
        return .pickerEntry(index)
    }

    func draw(selection: Int, state: ReaderState, in area: Rect, on screen: any Screen, now: Date) {
        let rows = Self.rows(for: state, now: now)
        let (box, first) = Self.geometry(selection: selection, rows: rows, in: area)
        box.draw(title: state.pickerFilter.map { "/" + $0.terminalSafe + "▏" } ?? Self.title, on: screen)
        let content = box.content
        guard content.height > 0, content.width > 0 else { return }
        if rows.isEmpty {
            screen.draw(
                DisplayWidth.prefix("No feed matches", fitting: content.width).text, row: content.row, column: content.column,
                style: TextStyle(role: .muted))
            return
        }
        let end = min(rows.count, first + content.height)
        if first > 0 {
            box.drawNote(Self.moreAbove, onTopEdge: true, on: screen)
        }
        if end < rows.count {
            box.drawNote(Self.moreBelow, onTopEdge: false, on: screen)
        }
        let feeds = state.pickerEntries
        for (offset, index) in (first..<end).enumerated() {
            let row = content.row + offset
            let item = rows[index]
            if item.isHeading {
                screen.draw(
                    DisplayWidth.prefix(item.title, fitting: content.width).text, row: row, column: content.column,
                    style: TextStyle(role: .accent, bold: true))
                continue
            }
            let isSelected = index == selection
            let style = isSelected ? TextStyle(role: .selection, bold: true, reverse: true) : TextStyle.plain
            if isSelected {
                screen.fill(row: row, column: content.column, width: content.width, style: style)
            }
            let countsWidth = DisplayWidth.of(item.counts)
            let mark = feeds[index] == .feed(state.feed) ? "• " : "  "
            let room = max(0, content.width - countsWidth - 1)
            let title = DisplayWidth.prefix(mark + item.fitted(room - DisplayWidth.of(mark)), fitting: room).text
            screen.draw(title, row: row, column: content.column, style: style)
            if countsWidth <= content.width {
                screen.draw(
                    item.counts, row: row, column: content.column + content.width - countsWidth,
                    style: isSelected ? style : TextStyle(role: .muted))
            }
        }
    }
}
