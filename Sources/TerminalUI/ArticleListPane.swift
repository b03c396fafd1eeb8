import FoundationEssentials
import NewsCore
import ReaderViewModel

/// The list of articles: one row each with the unread and saved marks side by side, the age (the day in an
/// archive month, `12 Mar`), section and title.
struct ArticleListPane {
    /// Columns of the mark and the age before the section.
    static let prefixWidth = 6

    /// How archive days are written.
    let dates: ArticleDateFormat
    /// The rows' section tags and titles as last drawn.
    let rowTexts = ListRowTexts()

    /// Columns of the section tag in a list `width` columns wide: a quarter of it less one, from 6 to 14
    /// (the name and a space), or none when the title would keep fewer than 24 after `prefix` columns of
    /// marks and age (more in an archive month, whose rows show the day).
    static func sectionWidth(listWidth width: Int, prefix: Int = prefixWidth) -> Int {
        let section = min(14, max(6, width / 4 - 1))
        return width - prefix - section >= 24 ? section : 0
    }

    /// - Parameter hints: the keys in force, for what to press in an empty list.
    func draw(_ state: ReaderState, hints: KeyHints, in rect: Rect, on screen: any Screen, now: Date) {
        if state.count == 0 {
            let message: String
            if let search = state.search, search.showsHits {
                message = "No matches for “\(search.words.terminalSafe)”"
            } else if state.feedStatus == nil {
                message = "Loading…"
            } else if state.refresh.isRunning || state.followedRefresh?.feed == state.feed {
                message = "Fetching…"
            } else if state.filter.unreadOnly, state.feedStatus?.count ?? 0 > 0 {
                message = "No unread articles" + (hints.hint(.toggleUnreadOnly, "shows all").map { " — \($0)" } ?? "")
            } else if state.feed == .saved {
                message = "No saved articles yet" + (hints.hint(.toggleSaved, "saves the selected one").map { " — \($0)" } ?? "")
            } else if let status = state.feedStatus, status.origin == .network, status.lastRefreshedDate != nil, status.lastError == nil {
                // Fetched, and empty: the NYT lists nothing in it now (a section between editions).
                message = "The NYT lists no articles in this feed now"
            } else if case .idle(let blocker?) = state.refresh, blocker.isStandingBlocker {
                // No key, or offline by request: r cannot help, and the status line says why.
                message = "No articles in this feed yet"
            } else {
                message = "No articles in this feed yet" + (hints.hint(.refresh, "refreshes").map { " — \($0)" } ?? "")
            }
            screen.draw(
                DisplayWidth.prefix(message, fitting: rect.width - 1).text, row: rect.row, column: rect.column + 1,
                style: TextStyle(role: .muted))
            return
        }
        let inArchive: Bool
        if case .archive = state.feed { inArchive = true } else { inArchive = false }
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
            drawRow(entry, inArchive: inArchive, selected: isSelected, style: style, row: row, rect: rect, now: now, on: screen)
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

    private func drawRow(
        _ entry: ArticleEntry, inArchive: Bool, selected: Bool, style: TextStyle, row: Int, rect: Rect, now: Date, on screen: any Screen
    ) {
        let article = entry.article
        var column = rect.column
        let marks = entry.marks
        // An archive month is read by day: its rows say which (a column apart from the marks), not how many
        // years ago.
        let age =
            inArchive
            ? padLeft(dates.dayAndMonth(from: article.publishedDate), to: 7)
            : padLeft(RelativeTime.short(from: article.publishedDate, to: now), to: 3)
        let prefix = marks + age + " "
        screen.draw(prefix, row: row, column: column, style: selected ? style : TextStyle(role: entry.isRead ? .muted : .unread))
        let prefixColumns = DisplayWidth.of(prefix)
        column += prefixColumns

        let sectionColumns = Self.sectionWidth(listWidth: rect.width, prefix: prefixColumns)
        let key = ListRowTexts.Key(
            section: article.section, title: article.title, sectionColumns: sectionColumns,
            titleColumns: rect.column + rect.width - column - sectionColumns)
        let texts = rowTexts.texts(for: key, make: Self.texts)
        if sectionColumns > 0 {
            screen.draw(texts.section, row: row, column: column, style: selected ? style : TextStyle(role: .accent))
            column += sectionColumns
        }
        screen.draw(texts.title, row: row, column: column, style: selected ? style : TextStyle(bold: !entry.isRead))
    }

    /// A row's section tag and title, safe for the terminal and cut to their columns.
    private static func texts(_ key: ListRowTexts.Key) -> ListRowTexts.Texts {
        let section =
            key.sectionColumns > 0
            ? DisplayWidth.prefix(Section.displayName(forArticleSection: key.section.terminalSafe), fitting: key.sectionColumns - 1).text
            : ""
        return ListRowTexts.Texts(section: section, title: DisplayWidth.prefix(key.title.terminalSafe, fitting: key.titleColumns).text)
    }

    private func padLeft(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
