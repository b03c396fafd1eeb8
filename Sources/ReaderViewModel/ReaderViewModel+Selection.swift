import FoundationEssentials
import NewsCore

// Moving the selection, scrolling the list and the detail, opening the detail, the next unread article.
extension ReaderViewModel {
    /// Moves the selection to `position`, clamped to the rows, and reads the rows it brings on screen. In
    /// an unread-only list, an article read while selected leaves the list once the selection leaves it.
    mutating func select(_ position: Int) -> [Effect] {
        var target = clamp(position)
        guard target != state.selection else { return [] }
        let left = state.selectedEntry
        state.detailScroll = 0
        if marksReadOnSelect, state.search?.showsHits != true {
            selectionMark = nil
        }
        if state.filter.unreadOnly, state.search?.showsHits != true {
            let arriving = state.window.entry(at: target)?.id
            if let left, left.isRead {
                // The rows after the article read close up over it.
                if target > state.selection, arriving == nil { target -= 1 }
                state.selection = target
                state.filter.keeping = arriving
                scheduleSelectionMark()
                scrollToSelection()
                reloadSelection = nil
                generation += 1
                pendingRange = nil
                return [.loadFeed(state.feed, filter: state.filter, anchor: arriving)]
            }
            state.filter.keeping = arriving
        }
        state.selection = target
        scheduleSelectionMark()
        let more = morePagesNeeded()
        scrollToSelection()
        return entriesNeeded() + more
    }

    /// With `mark_read_on_select`, plans to mark the selected article read once the selection has rested
    /// on it for `selectionReadDelay`.
    mutating func scheduleSelectionMark() {
        guard marksReadOnSelect else { return }
        selectionMark = (state.selection, monotonic() + .seconds(Self.selectionReadDelay))
    }

    /// Marks the selected article read when the selection has rested on it long enough.
    mutating func markRestingSelection() -> [Effect] {
        guard let mark = selectionMark, monotonic() >= mark.due else { return [] }
        selectionMark = nil
        guard mark.position == state.selection, let entry = state.selectedEntry else { return [] }
        return markRead(entry)
    }

    /// How soon the view-model next needs `tick()` when that is sooner than once a second (a selection to
    /// mark read), for the screen's loop to wake in time; zero once it is past.
    public var timeToNextDeadline: Duration? {
        selectionMark.map { max(.zero, $0.due - monotonic()) }
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
        return markRead(entry)
    }

    /// Changes the entry with `id` in the rows held in memory.
    mutating func updateEntry(_ id: ArticleID, _ change: (inout ArticleEntry) -> Void) {
        state.window.replace(id, change)
    }

    /// `n`: opens the next unread article in the detail and marks it read: the selected one when it is
    /// unread and the list has focus, else the next below it; past the last, the first unread of the feed
    /// (said so). Among the hits while searching; in an unread-only list every row but a kept one is unread.
    mutating func nextUnread() -> [Effect] {
        guard state.count > 0 else {
            state.notice = Notice("No unread articles in \(state.feed.title)")
            return []
        }
        let startsHere = state.focus == .list && state.selectedEntry?.isRead == false
        let after = startsHere ? state.selection - 1 : state.selection
        if state.search?.showsHits == true {
            let entries = state.window.entries
            return openUnread(after: after, in: state.feed, at: firstUnread(after: after, count: entries.count) { !entries[$0].isRead })
        }
        if state.filter.unreadOnly {
            let keptRead = state.selectedEntry?.isRead == true ? state.selection : nil
            let next = firstUnread(after: after, count: state.count) { position in
                position != keptRead && state.window.entry(at: position)?.isRead != true
            }
            return openUnread(after: after, in: state.feed, at: next)
        }
        return [.findNextUnread(state.feed, after: after)]
    }

    /// The first of the `count` rows after `after` (wrapping to the first) for which `isUnread` holds.
    private func firstUnread(after: Int, count: Int, isUnread: (Int) -> Bool) -> Int? {
        let order = Array(max(0, after + 1)..<count) + Array(0..<min(count, max(0, after + 1)))
        return order.first(where: isUnread)
    }

    /// Opens the unread article at `position` found after `after` in the detail and marks it read; says
    /// when there is none, or when it wrapped to the first.
    mutating func openUnread(after: Int, in feed: Feed, at position: Int?) -> [Effect] {
        guard let position else {
            state.notice = Notice(
                state.search?.showsHits == true ? "No unread articles among the hits" : "No unread articles in \(feed.title)")
            return []
        }
        let wrapped = position <= after
        let arriving = state.window.entry(at: position)
        var effects = select(position)
        state.focus = .detail
        if let arriving {
            effects += markRead(arriving)
        } else {
            // Marked once its row is read from the cache.
            pendingOpen = true
        }
        if wrapped {
            state.notice = Notice("No unread articles further down — back to the first unread")
        }
        return effects
    }
}
