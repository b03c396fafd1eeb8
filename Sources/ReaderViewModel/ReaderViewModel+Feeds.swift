import NewsCore

// Switching feeds, windowed reads of the cache, and refreshing.
extension ReaderViewModel {
    /// Shows another feed from its cache, at `anchor` when it holds that article (else at its top); leaving
    /// a feed stops its refresh.
    mutating func switchFeed(to feed: Feed, anchor: ArticleID? = nil) -> [Effect] {
        guard feed != state.feed || state.search != nil else { return [] }
        var effects: [Effect] = []
        if state.refresh.isRunning { effects.append(.cancelRefresh) }
        state = ReaderState(feed: feed, keepingLayoutOf: state)
        state.refresh = .idle(blocker: refreshBlocker)
        autoRefresh.schedule(after: monotonic())
        generation += 1
        pendingRange = nil
        anchorBeforeSearch = nil
        reloadSelection = nil
        selectionMark = nil
        awaitsFirstRows = true
        pendingOpen = false
        effects.append(.loadFeed(feed, filter: state.filter, anchor: anchor))
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
        return [.loadEntries(state.feed, filter: state.filter, range: range, generation: generation)]
    }

    // MARK: - Refresh

    /// Starts refreshing the shown feed, unless the cache alone holds it (saved articles, an archive
    /// period's matches), already refreshing or blocked. An archive month with articles is imported again
    /// only once the person says yes (`confirmed`): it is one large request.
    mutating func startRefresh(confirmed: Bool = false) -> [Effect] {
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
        if case .archive(let month) = state.feed {
            let count = state.feedStatus?.count ?? 0
            if count > 0 && !confirmed {
                state.confirmation = Confirmation(
                    question: "\(month.title) is imported (\(GroupedCount(count)) articles). Import it again "
                        + "(one request of 20 to 30 MB)? y/n",
                    step: .importAgain(month))
                return []
            }
        }
        state.refresh = .running(startedDate: now())
        return [.refresh(state.feed)]
    }

    /// `R`: refreshes every followed feed the NYT serves, one after another, unless that runs already.
    mutating func refreshFollowed() -> [Effect] {
        guard state.followedRefresh == nil else {
            state.notice = Notice("Already refreshing your feeds")
            return []
        }
        let feeds = state.followedFeeds.filter(\.isRefreshable)
        guard !feeds.isEmpty else {
            state.notice = Notice("No feeds to refresh: list them in feeds = [...] in the config file")
            return []
        }
        if let blocker = refreshBlocker, blocker.isStandingBlocker {
            state.notice = Notice(blocker.message, isError: true)
            return []
        }
        state.followedRefresh = FollowedRefresh(feeds: feeds)
        // What an earlier `r` said of the feed on screen is no news beside R's progress; R says its own.
        if !state.refresh.isRunning { state.refresh = .idle(blocker: nil) }
        return [.refreshFollowed(feeds)]
    }

    /// Esc in the list with nothing else to close (`ReaderState.escapeStopsRefresh`): stops the refresh of the
    /// feed on screen (`r`) and that of the followed feeds (`R`). A refresh stopped before its write writes
    /// nothing, one already writing ends whole; `R` then says what it did.
    mutating func stopRefreshes() -> [Effect] {
        var effects: [Effect] = []
        if state.refresh.isRunning { effects.append(.cancelRefresh) }
        if var progress = state.followedRefresh, !progress.isStopped {
            progress.isStopped = true
            state.followedRefresh = progress
            effects.append(.stopFollowedRefresh)
        }
        return effects
    }

    // MARK: - Unread only

    /// `u`: shows only the unread articles of the feed (and the selected one), or all of them again; the
    /// selection stays on its article.
    mutating func toggleUnreadOnly() -> [Effect] {
        let selected = state.selectedEntry?.id
        state.filter = FeedFilter(unreadOnly: !state.filter.unreadOnly, keeping: selected)
        state.notice = Notice(state.filter.unreadOnly ? "Unread articles only — u shows all" : "All articles")
        return showRowsAgain(anchor: selected)
    }

    /// Reads the rows again from the start after what they show changed, the selection on `anchor`.
    mutating func showRowsAgain(anchor: ArticleID?) -> [Effect] {
        if state.search?.showsHits == true { return [] }
        generation += 1
        pendingRange = nil
        reloadSelection = nil
        state.window = ArticleWindow()
        return [.loadFeed(state.feed, filter: state.filter, anchor: anchor)]
    }

    // MARK: - Read marks

    /// Marks `entry` read (on screen at once, in the cache through the write lane); nothing when it is.
    mutating func markRead(_ entry: ArticleEntry) -> [Effect] {
        guard !entry.isRead else { return [] }
        let date = now()
        // An unread-only list keeps the article it shows read until the selection leaves it.
        if state.filter.unreadOnly, entry.id == state.selectedEntry?.id { state.filter.keeping = entry.id }
        updateEntry(entry.id) { $0.readDate = date }
        adjustUnreadCount(by: -1)
        return [.setRead(entry.id, true)]
    }

    /// Marks `entry` unread.
    mutating func markUnread(_ entry: ArticleEntry) -> [Effect] {
        guard entry.isRead else { return [] }
        updateEntry(entry.id) { $0.readDate = nil }
        adjustUnreadCount(by: 1)
        return [.setRead(entry.id, false)]
    }

    /// Moves the shown unread counts ahead of the cache's answer (`.loadCounts` brings the exact ones).
    private mutating func adjustUnreadCount(by change: Int) {
        if let status = state.feedStatus {
            state.feedStatus?.unreadCount = min(status.count, max(0, status.unreadCount + change))
        }
        if let counts = state.feedCounts[state.feed.key] {
            state.feedCounts[state.feed.key]?.unread = min(counts.total, max(0, counts.unread + change))
        }
    }
}

extension ReaderState {
    /// A fresh state for `feed` that keeps the screen's list, detail and picker heights.
    init(feed: Feed, keepingLayoutOf previous: ReaderState) {
        self.init(feed: feed)
        searchFeeds = previous.searchFeeds
        archiveFeeds = previous.archiveFeeds
        followedFeeds = previous.followedFeeds
        feedCounts = previous.feedCounts
        followedRefresh = previous.followedRefresh
        filter = FeedFilter(unreadOnly: previous.filter.unreadOnly)
        listHeight = previous.listHeight
        detailHeight = previous.detailHeight
        pickerHeight = previous.pickerHeight
        keys = previous.keys
        configWarnings = previous.configWarnings
        listWidthPercent = previous.listWidthPercent
        listZoomed = previous.listZoomed
    }
}
