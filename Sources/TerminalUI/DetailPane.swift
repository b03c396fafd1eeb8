import FoundationEssentials
import NewsCore
import ReaderViewModel
import Synchronization

/// The selected article: kicker, headline, byline, date and section, URL, then the lead paragraph
/// (`DetailText`), from the scroll position on.
struct DetailPane {
    let dateFormat: ArticleDateFormat
    /// The texts of the articles shown last: moving the selection back, scrolling or redrawing an article
    /// continues from the lines already made.
    private let texts = DetailTexts()

    /// - Parameter timeZone: nil for the system's local time.
    init(timeZone: TimeZone?) {
        self.dateFormat = ArticleDateFormat(timeZone: timeZone)
    }

    /// Draws the lines from `scroll` on; returns how far the pane can scroll (`DetailText.scrollLimit`).
    @discardableResult
    func draw(_ state: ReaderState, in rect: Rect, on screen: any Screen) -> Int {
        guard let entry = state.selectedEntry else {
            if state.count > 0 {
                screen.draw("Loading…", row: rect.row, column: rect.column, style: TextStyle(role: .muted))
            }
            return 0
        }
        let shown = texts.lines(for: entry, width: rect.width, from: state.detailScroll, height: rect.height) {
            DetailText(entry: entry, width: rect.width, dateFormat: dateFormat)
        }
        for (offset, line) in shown.lines.enumerated() {
            screen.draw(line.text, row: rect.row + offset, column: rect.column, style: line.style)
        }
        return shown.scrollLimit
    }
}

/// The detail texts of the last few articles drawn, by article (its text and state) and width.
final class DetailTexts: Sendable {
    /// Articles kept: the selected one and those a few keys away.
    private static let capacity = 4
    /// The most recently drawn first.
    private let recent = Mutex<[DetailText]>([])

    /// The lines of `entry` at `width` a pane of `height` rows shows from `scroll` (or from the last page,
    /// when the text ends before), and how far it can scroll. The text is made by `make` when it is not
    /// kept, and only as far as those lines and the next page.
    func lines(for entry: ArticleEntry, width: Int, from scroll: Int, height: Int, make: () -> DetailText) -> (
        lines: [DetailLine], scrollLimit: Int
    ) {
        recent.withLock { recent in
            var text: DetailText
            if let index = recent.firstIndex(where: { $0.width == width && $0.entry == entry }) {
                text = recent.remove(at: index)
                text.entry = entry
            } else {
                text = make()
            }
            // The page shown and the next: a short text is then made whole, its limit exact, and the
            // next page is ready.
            let (end, overflow) = max(0, scroll).addingReportingOverflow(2 * max(0, height))
            text.prepare(lineCount: overflow ? Int.max : end)
            let limit = text.scrollLimit(height: height)
            let start = min(max(0, scroll), limit)
            let lines = Array(text.lines[min(start, text.lines.count)..<min(start + height, text.lines.count)])
            recent.insert(text, at: 0)
            if recent.count > Self.capacity { recent.removeLast() }
            return (lines, limit)
        }
    }
}
