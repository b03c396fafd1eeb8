import NewsCore
import ReaderViewModel

/// The feeds to switch to, the highlighted one under the cursor and the current one marked.
struct SectionPickerOverlay {
    func draw(selection: Int, current: Feed, in area: Rect, on screen: any Screen) {
        let feeds = ReaderState.pickableFeeds
        let width = (feeds.map { DisplayWidth.of($0.title) }.max() ?? 0) + 2
        let box = OverlayBox(contentRows: feeds.count, contentWidth: width, in: area)
        box.draw(title: "Sections", on: screen)
        let content = box.content
        guard content.height > 0, content.width > 0 else { return }
        let first = max(0, min(selection - content.height / 2, feeds.count - content.height))
        for (offset, index) in (first..<min(feeds.count, first + content.height)).enumerated() {
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
