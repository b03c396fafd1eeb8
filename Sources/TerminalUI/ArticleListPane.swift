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
        let inArchive = Self.isArchive(state.feed)
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

    /// Makes the section tags and titles of the rows a PgDn (`pageOffset` 1) or a PgUp (-1) shows next, as
    /// far as they are read, kept with those drawn: the page then draws texts made.
    func prepareRows(of state: ReaderState, in rect: Rect, pageOffset: Int, now: Date) {
        let height = rect.height
        guard state.count > 0, height > 0 else { return }
        let inArchive = Self.isArchive(state.feed)
        let start = min(state.count, max(0, state.top + pageOffset * height))
        let end = min(state.count, max(start, state.top + (pageOffset + 1) * height))
        for position in start..<end {
            guard let entry = state.window.entry(at: position) else { continue }
            let prefix = prefix(of: entry, inArchive: inArchive, now: now)
            _ = rowTexts.texts(for: rowKey(of: entry, prefixColumns: DisplayWidth.of(prefix), in: rect), make: Self.texts)
        }
    }

    private static func isArchive(_ feed: Feed) -> Bool {
        if case .archive = feed { return true }
        return false
    }

    private func drawRow(
        _ entry: ArticleEntry, inArchive: Bool, selected: Bool, style: TextStyle, row: Int, rect: Rect, now: Date, on screen: any Screen
    ) {
        var column = rect.column
        let prefix = prefix(of: entry, inArchive: inArchive, now: now)
        screen.draw(prefix, row: row, column: column, style: selected ? style : TextStyle(role: entry.isRead ? .muted : .unread))
        let prefixColumns = DisplayWidth.of(prefix)
        column += prefixColumns

        let key = rowKey(of: entry, prefixColumns: prefixColumns, in: rect)
        let texts = rowTexts.texts(for: key, make: Self.texts)
        if key.sectionColumns > 0 {
            screen.draw(texts.section, row: row, column: column, style: selected ? style : TextStyle(role: .accent))
            column += key.sectionColumns
        }
        screen.draw(texts.title, row: row, column: column, style: selected ? style : TextStyle(bold: !entry.isRead))
    }

    /// A row's marks and age (an archive month is read by day: its rows say which, a column apart from the
    /// marks, not how many years ago), and the space after them.
    private func prefix(of entry: ArticleEntry, inArchive: Bool, now: Date) -> String {
        let published = entry.article.publishedDate
        let age =
            inArchive
            ? padLeft(dates.dayAndMonth(from: published), to: 7)
            : padLeft(RelativeTime.short(from: published, to: now), to: 3)
        return entry.marks + age + " "
    }

    /// What a row's section tag and title are made from, after `prefixColumns` of marks and age.
    private func rowKey(of entry: ArticleEntry, prefixColumns: Int, in rect: Rect) -> ListRowTexts.Key {
        let sectionColumns = Self.sectionWidth(listWidth: rect.width, prefix: prefixColumns)
        return ListRowTexts.Key(
            section: entry.article.section, title: entry.article.title, sectionColumns: sectionColumns,
            titleColumns: rect.width - prefixColumns - sectionColumns)
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
