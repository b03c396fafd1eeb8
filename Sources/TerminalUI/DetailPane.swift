import Foundation
import NewsCore
import ReaderViewModel
import Synchronization

/// One line of the detail pane.
struct DetailLine: Hashable {
    var text: String
    var style: TextStyle
}

/// The selected article: kicker, headline, byline, date and section, URL, then the lead paragraph.
struct DetailPane {
    let dateFormat: ArticleDateFormat
    /// The lines of the articles shown last: moving the selection back, scrolling or redrawing an article
    /// does not sanitize and wrap its text (up to 64 kB of it) again.
    private let layouts = DetailLayouts()

    /// - Parameter timeZone: nil for the system's local time.
    init(timeZone: TimeZone?) {
        self.dateFormat = ArticleDateFormat(timeZone: timeZone)
    }

    /// The pane's lines for `entry` at `width` columns.
    func lines(for entry: ArticleEntry, width: Int) -> [DetailLine] {
        let article = entry.article
        var lines: [DetailLine] = []
        func add(_ text: String, _ style: TextStyle) {
            for line in WordWrap.lines(text.terminalSafe, width: width) {
                lines.append(DetailLine(text: line, style: style))
            }
        }
        if !article.kicker.isEmpty {
            add(article.kicker.uppercased(), TextStyle(role: .accent))
        }
        add(article.title, TextStyle(bold: true))
        lines.append(DetailLine(text: "", style: .plain))
        if !article.byline.isEmpty {
            add(article.byline, TextStyle(role: .muted))
        }
        var facts = [dateFormat.string(from: article.publishedDate)]
        let section = [Section.displayName(forArticleSection: article.section), Section.displayName(forArticleSection: article.subsection)].filter { !$0.isEmpty }.joined(separator: " › ")
        if !section.isEmpty { facts.append(section) }
        if entry.isSaved { facts.append("saved") }
        add(facts.joined(separator: " · "), TextStyle(role: .muted))
        if !article.url.isEmpty {
            add(article.url, TextStyle(role: .accent, underline: true))
        }
        lines.append(DetailLine(text: "", style: .plain))
        add(article.leadParagraph, .plain)
        return lines
    }

    /// Draws the lines from `scroll` on; returns how far the pane can scroll.
    @discardableResult
    func draw(_ state: ReaderState, in rect: Rect, on screen: any Screen) -> Int {
        guard let entry = state.selectedEntry else {
            if state.count > 0 {
                screen.draw("Loading…", row: rect.row, column: rect.column, style: TextStyle(role: .muted))
            }
            return 0
        }
        let lines = layouts.lines(for: entry, width: rect.width) { self.lines(for: entry, width: rect.width) }
        let limit = max(0, lines.count - rect.height)
        let scroll = min(state.detailScroll, limit)
        for (offset, line) in lines.dropFirst(scroll).prefix(rect.height).enumerated() {
            screen.draw(line.text, row: rect.row + offset, column: rect.column, style: line.style)
        }
        return limit
    }
}

/// The detail lines of the last few articles drawn, by article (its text and state) and width.
final class DetailLayouts: Sendable {
    private struct Layout {
        let entry: ArticleEntry
        let width: Int
        let lines: [DetailLine]
    }

    /// Articles kept: the selected one and those a few keys away.
    private static let capacity = 4
    private let recent = Mutex<[Layout]>([])

    /// The lines for `entry` at `width`, made by `make` when they are not kept.
    func lines(for entry: ArticleEntry, width: Int, make: () -> [DetailLine]) -> [DetailLine] {
        if let kept = recent.withLock({ $0.first { $0.width == width && $0.entry == entry } }) {
            return kept.lines
        }
        let lines = make()
        recent.withLock { recent in
            recent.insert(Layout(entry: entry, width: width, lines: lines), at: 0)
            if recent.count > Self.capacity { recent.removeLast() }
        }
        return lines
    }
}
