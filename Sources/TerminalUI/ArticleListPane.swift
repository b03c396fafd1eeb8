import FoundationEssentials
import NewsCore
import ReaderViewModel

/// The list of articles: one row each with unread mark, age, section and title.
struct ArticleListPane {
    /// Columns of the section tag.
    static let sectionWidth = 9

    func draw(_ state: ReaderState, in rect: Rect, on screen: any Screen, now: Date) {
        if state.count == 0 {
            let message: String
            if let search = state.search, search.showsHits {
                message = "No matches for “\(search.words.terminalSafe)”"
            } else if state.feedStatus == nil {
                message = "Loading…"
            } else if state.feed == .saved {
                message = "No saved articles yet — b saves the selected one"
            } else {
                message = "No articles in this feed yet — r refreshes"
            }
            screen.draw(
                DisplayWidth.prefix(message, fitting: rect.width - 1).text, row: rect.row, column: rect.column + 1,
                style: TextStyle(role: .muted))
            return
        }
        for (offset, position) in state.visibleRange.prefix(rect.height).enumerated() {
            let row = rect.row + offset
            let isSelected = position == state.selection
            let style =
                isSelected
                ? TextStyle(role: .selection, bold: state.focus == .list, reverse: true)
                : TextStyle.plain
            if isSelected {
                screen.fill(row: row, column: rect.column, width: rect.width, style: style)
            }
            guard let entry = state.window.entry(at: position) else {
                screen.draw("  …", row: row, column: rect.column, style: TextStyle(role: .muted))
                continue
            }
            drawRow(entry, selected: isSelected, style: style, row: row, rect: rect, now: now, on: screen)
        }
        let footerOffset = state.count - state.top
        if let footer = Self.morePagesText(state.morePages, now: now), state.showsMorePagesRow, footerOffset >= 0,
            footerOffset < rect.height
        {
            let isError: Bool
            if case .failed = state.morePages { isError = true } else { isError = false }
            screen.draw(
                DisplayWidth.prefix(footer.terminalSafe, fitting: rect.width - 3).text,
                row: rect.row + footerOffset, column: rect.column + 2, style: TextStyle(role: isError ? .error : .muted)
            )
        }
    }

    /// The last row while the next page of a search is asked for: `Loading more…`, `More in 9 s`, or why
    /// it failed.
    static func morePagesText(_ state: MorePages, now: Date) -> String? {
        switch state {
        case .idle: return nil
        case .loading: return "Loading more…"
        case .waiting(let until): return "More in \(RelativeTime.duration(seconds: max(1, Int(until.timeIntervalSince(now).rounded(.up)))))"
        case .failed(let reason): return "Could not load more: \(reason)"
        }
    }

    private func drawRow(_ entry: ArticleEntry, selected: Bool, style: TextStyle, row: Int, rect: Rect, now: Date, on screen: any Screen) {
        let article = entry.article
        var column = rect.column
        let mark = entry.isSaved ? "*" : (entry.isRead ? " " : "•")
        let age = RelativeTime.short(from: article.publishedDate, to: now)
        let prefix = mark + padLeft(age, to: 4) + " "
        screen.draw(prefix, row: row, column: column, style: selected ? style : TextStyle(role: entry.isRead ? .muted : .unread))
        column += DisplayWidth.of(prefix)

        let remaining = rect.column + rect.width - column
        let sectionColumns = remaining >= 30 ? Self.sectionWidth : 0
        if sectionColumns > 0 {
            let sectionName = Section.displayName(forArticleSection: article.section.terminalSafe)
            let section = DisplayWidth.prefix(sectionName, fitting: sectionColumns - 1).text
            screen.draw(section, row: row, column: column, style: selected ? style : TextStyle(role: .accent))
            column += sectionColumns
        }
        let titleWidth = rect.column + rect.width - column
        let title = DisplayWidth.prefix(article.title.terminalSafe, fitting: titleWidth).text
        screen.draw(title, row: row, column: column, style: selected ? style : TextStyle(bold: !entry.isRead))
    }

    private func padLeft(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
