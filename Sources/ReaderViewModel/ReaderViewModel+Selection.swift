import NewsCore

// Moving the selection, scrolling the list and the detail, opening the detail, the next unread article.
extension ReaderViewModel {
    /// Moves the selection to `position`, clamped to the rows, and reads the rows it brings on screen.
    mutating func select(_ position: Int) -> [Effect] {
        let target = clamp(position)
        guard target != state.selection else { return [] }
        state.selection = target
        state.detailScroll = 0
        let more = morePagesNeeded()
        scrollToSelection()
        return entriesNeeded() + more
    }

    /// Scrolls the focused detail by `lines`, within its limits.
    mutating func scrollDetail(by lines: Int) -> [Effect] {
        state.detailScroll = min(max(0, state.detailScroll + lines), state.detailScrollLimit)
        return []
    }

    /// `position` moved onto the nearest row that exists.
    func clamp(_ position: Int) -> Int {
        min(max(0, position), max(0, state.count - 1))
    }

    /// Moves the list's first row so that the selection is on screen, and the row about the next page
    /// too when the last article is selected.
    mutating func scrollToSelection() {
        if state.selection < state.top {
            state.top = state.selection
        } else if state.selection >= state.top + state.listHeight {
            state.top = state.selection - state.listHeight + 1
        }
        let rows = state.listRowCount
        if state.showsMorePagesRow, state.selection == state.count - 1 {
            state.top = max(state.top, rows - state.listHeight)
        }
        state.top = max(0, min(state.top, max(0, rows - state.listHeight)))
    }

    /// Focuses the detail of the selected article and marks it read.
    mutating func openDetail() -> [Effect] {
        guard let entry = state.selectedEntry else { return [] }
        state.focus = .detail
        guard !entry.isRead else { return [] }
        let date = now()
        updateEntry(entry.id) { $0.readDate = date }
        return [.setRead(entry.id, true)]
    }

    /// Changes the entry with `id` in the rows held in memory.
    mutating func updateEntry(_ id: ArticleID, _ change: (inout ArticleEntry) -> Void) {
        state.window.replace(id, change)
    }

    /// The next unread article after the selection: among the hits while searching, else from the cache.
    mutating func nextUnread() -> [Effect] {
        guard state.count > 0 else { return [] }
        guard state.search?.showsHits == true else {
            return [.findNextUnread(state.feed, after: state.selection)]
        }
        let entries = state.window.entries
        let order = Array(entries.indices.dropFirst(state.selection + 1)) + Array(entries.indices.prefix(state.selection + 1))
        guard let next = order.first(where: { !entries[$0].isRead }) else {
            state.notice = Notice("No unread articles among the hits")
            return []
        }
        return select(next)
    }
}
