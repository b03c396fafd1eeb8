import NewsCore

// Switching feeds, windowed reads of the cache, and refreshing.
extension ReaderViewModel {
    /// Shows another feed from its cache; leaving a feed stops its refresh.
    mutating func switchFeed(to feed: Feed) -> [Effect] {
        guard feed != state.feed || state.search != nil else { return [] }
        var effects: [Effect] = []
        if state.refresh.isRunning { effects.append(.cancelRefresh) }
        state = ReaderState(feed: feed, keepingLayoutOf: state)
        state.refresh = .idle(blocker: refreshBlocker)
        autoRefresh.schedule(after: now())
        generation += 1
        pendingRange = nil
        anchorBeforeSearch = nil
        reloadSelection = nil
        effects.append(.loadFeed(feed, anchor: nil))
        return effects
    }

    // MARK: - Windowed reads

    /// Asks for entries when the rows on screen, or the screenful on either side, are not in memory.
    mutating func entriesNeeded(force: Bool = false) -> [Effect] {
        guard state.search?.showsHits != true else { return [] }
        guard state.count > 0 else {
            if force { state.window = ArticleWindow() }
            return []
        }
        let margin = state.listHeight
        let wanted = max(0, state.top - margin)..<min(state.count, state.top + state.listHeight + margin)
        let held = state.window.range
        if !force && held.lowerBound <= wanted.lowerBound && held.upperBound >= wanted.upperBound {
            return []
        }
        let span = state.listHeight * 3 + margin * 2
        let start = max(0, min(state.top - span / 3, state.count - span))
        let range = start..<min(state.count, start + span)
        if !force, let pending = pendingRange, pending.lowerBound <= wanted.lowerBound, pending.upperBound >= wanted.upperBound {
            return []
        }
        pendingRange = range
        return [.loadEntries(state.feed, range: range, generation: generation)]
    }

    // MARK: - Refresh

    /// Starts refreshing the shown feed, unless the cache alone holds it (saved articles, an archive period's matches), already refreshing or blocked.
    mutating func startRefresh() -> [Effect] {
        guard state.feed.isRemote else {
            let what = state.feed == .saved ? "Saved articles live" : "The archive's matches live"
            state.notice = Notice("\(what) in the cache; there is nothing to refresh")
            return []
        }
        guard !state.refresh.isRunning else { return [] }
        if let blocker = refreshBlocker, blocker.isStandingBlocker {
            state.refresh = .failed(blocker)
            return []
        }
        state.refresh = .running(startedDate: now())
        return [.refresh(state.feed)]
    }
}

extension ReaderState {
    /// A fresh state for `feed` that keeps the screen's list, detail and picker heights.
    init(feed: Feed, keepingLayoutOf previous: ReaderState) {
        self.init(feed: feed)
        searchFeeds = previous.searchFeeds
        archiveFeeds = previous.archiveFeeds
        listHeight = previous.listHeight
        detailHeight = previous.detailHeight
        pickerHeight = previous.pickerHeight
    }
}
