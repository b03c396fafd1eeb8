import NewsCore
import ReaderService

// The service's answers applied to the state.
extension ReaderViewModel {
    /// An answer from the service: new rows, a finished refresh or search, a failure.
    public mutating func apply(_ event: ServiceEvent) -> [Effect] {
        switch event {
        case .feedLoaded(let feed, let status, let filter, let rowCount, var anchorPosition):
            guard feed == state.feed, filter.unreadOnly == state.filter.unreadOnly else { return [] }
            if let asked = reloadSelection, asked != state.selection {
                // The reader moved while the rows were read again: the answer places the article selected
                // before. Ask where the article selected now went; if its row is not in memory, keep the row.
                if let current = state.selectedEntry?.id {
                    reloadSelection = state.selection
                    return [.loadFeed(feed, filter: state.filter, anchor: current)]
                }
                anchorPosition = nil
            }
            reloadSelection = nil
            state.cacheError = nil
            state.feedStatus = status
            state.feedCounts[feed.key] = status.counts
            if state.search?.showsHits == true { return [] }
            state.count = rowCount
            generation += 1
            pendingRange = nil
            if anchorPosition == nil, state.focus == .detail, state.selectedEntry != nil {
                // The article being read left the feed (a refresh, here or elsewhere): the detail does not go
                // on with whichever article took its place, where the next key would act on it unseen.
                state.focus = .list
                state.notice = Notice("The article you were reading is no longer in this feed")
            }
            placeHeldRows(selectedAt: anchorPosition)
            state.selection = clamp(anchorPosition ?? state.selection)
            if awaitsFirstRows {
                // The feed's first row (or the article it opened on) is selected without a move: it rests there.
                awaitsFirstRows = false
                if rowCount > 0 { scheduleSelectionMark() }
            }
            scrollToSelection()
            var effects = entriesNeeded(force: true)
            if !pickerListsAsked {
                // After the first screen: the picker's lists are read before it is first opened.
                pickerListsAsked = true
                effects.append(.loadPickerFeeds)
            }
            return effects

        case .entriesLoaded(let feed, let window, let requested, let answerGeneration):
            guard feed == state.feed, answerGeneration == generation, state.search?.showsHits != true else { return [] }
            if pendingRange == requested { pendingRange = nil }
            state.window = window
            var effects = entriesNeeded()
            if pendingOpen, let entry = state.selectedEntry {
                pendingOpen = false
                if state.filter.unreadOnly { state.filter.keeping = entry.id }
                effects += markRead(entry)
            }
            return effects

        case .countsLoaded(let feed, let status, let counts):
            state.feedCounts = counts
            if feed == state.feed, let shown = state.feedStatus, shown.count == status.count {
                state.feedStatus?.unreadCount = status.unreadCount
            }
            return []

        case .readMarksWritten:
            state.changeError = nil
            return [.loadCounts(state.feed)]

        case .savedWritten(let saved):
            state.changeError = nil
            let shows = state.keys.hint(.showSaved, "shows saved articles").map { " — \($0)" } ?? ""
            state.notice = Notice(saved ? "Saved\(shows)" : "Removed from saved articles")
            return []

        case .followedRefreshStarted, .followedRefreshed, .followedRefreshEnded:
            return applyFollowedRefresh(event)

        case .refreshBlocker(let blocker):
            refreshBlocker = blocker
            if case .idle = state.refresh { state.refresh = .idle(blocker: blocker) }
            return []

        case .staleness(let feed, let isStale):
            guard feed == state.feed, isStale, refreshBlocker == nil else { return [] }
            return startRefresh()

        case .refreshWaiting(let feed, let until):
            guard feed == state.feed, case .running(let started, _) = state.refresh else { return [] }
            state.refresh = .running(startedDate: started, waitUntil: until)
            return []

        case .requestWaiting(let api, let until):
            if case .running(let started, _) = state.refresh, state.feed.apiName == api {
                state.refresh = .running(startedDate: started, waitUntil: until)
            }
            if var progress = state.followedRefresh, progress.feed.apiName == api {
                progress.waitUntil = until
                state.followedRefresh = progress
            }
            return []

        case .refreshFinished(let feed, let outcome):
            guard feed == state.feed else { return [] }
            planAutoRefresh(after: outcome)
            state.morePages = .idle
            // What R said of the feeds is older news than this outcome: the status line says this one.
            if state.notice?.isRefreshOutcome == true { state.notice = nil }
            switch outcome {
            case .refreshed(let changes, _):
                state.refresh = .succeeded(changes)
            case .failed(let failure, _):
                state.refresh = .failed(failure)
            }
            return reloadRows() + (state.overlay == nil ? [] : [.loadPickerFeeds])

        case .morePagesWaiting, .morePagesLoaded:
            return applyMorePages(event)

        case .photoLoaded(let id, let address, let result):
            return photoLoaded(id, address: address, result)

        case .pickerFeedsLoaded(let feeds, let archive, let counts):
            let highlighted = highlightedPickerFeed
            state.searchFeeds = feeds
            state.archiveFeeds = archive
            state.feedCounts = counts
            if case .sectionPicker = state.overlay {
                state.overlay = .sectionPicker(
                    selection: highlighted.flatMap { state.pickerEntries.firstIndex(of: .feed($0)) } ?? firstFeedEntry(from: 0, step: 1)
                        ?? 0
                )
            }
            return []

        case .searchFinished(let text, let scope, let entries):
            guard var search = state.search, search.query == text, search.scope == scope else { return [] }
            let keep = state.selectedEntry?.id
            search.shownText = text
            search.shownScope = scope
            search.hitCount = entries.count
            state.search = search
            generation += 1
            pendingRange = nil
            state.count = entries.count
            state.window = ArticleWindow(start: 0, entries: entries)
            state.selection = keep.flatMap { id in entries.firstIndex { $0.id == id } } ?? 0
            state.top = 0
            state.detailScroll = 0
            scrollToSelection()
            return runActionsAwaitingHits()

        case .trendLoaded(let query, let trend):
            return applyTrend(query, trend)

        case .trendFailed(let query, let error):
            return applyTrendFailure(query, error)

        case .nextUnreadFound(let feed, let after, let position):
            guard feed == state.feed, state.search?.showsHits != true, !state.filter.unreadOnly else { return [] }
            return openUnread(after: after, in: feed, at: position)

        case .forgotten(let feed):
            state.changeError = nil
            state.notice = Notice("Forgot \(feed.title)")
            return []

        case .allMarkedRead(let feed):
            state.changeError = nil
            guard feed == state.feed else { return [] }
            state.notice = Notice("Marked every article in \(feed.title) read")
            return reloadRows()

        case .changedBeforeMarkingRead(let feed):
            guard feed == state.feed else { return [] }
            let again = state.keys.hint(.markAllRead, "marks").map { ": \($0) what it shows now" } ?? ""
            state.notice = Notice("\(feed.title) changed before it was marked read; nothing was marked\(again)", isError: true)
            return reloadRows()

        case .browserFinished(let url, let opened):
            guard opened else {
                if let entry = state.selectedEntry, entry.article.url == url { state.wholeLinkShown = entry.id }
                state.notice = Notice("No browser found (set BROWSER) — \(url)", isError: true)
                return []
            }
            state.notice = Notice("Opened in the browser")
            guard let entry = state.selectedEntry, case .nytimes(url) = ArticleLink(entry.article.url) else { return [] }
            return markRead(entry)

        case .linkCopied(_, let copied):
            switch copied {
            case true?: state.notice = Notice("Link sent to the terminal's clipboard (OSC 52)")
            case false?: state.notice = Notice("The terminal could not be given the link", isError: true)
            case nil: state.notice = Notice("Copying links is turned off (copy_links = false)")
            }
            return []

        case .cacheChangedElsewhere:
            return reloadRows() + (state.overlay == nil ? [] : [.loadPickerFeeds])

        case .cacheFailed(.cache(let error)):
            // A file moved or replaced under the reader takes every later change with it: said until the end.
            if error.code == .replaced { state.changeError = error } else { state.cacheError = error }
            pendingRange = nil
            return runActionsAwaitingHits()

        case .markNotWritten(let id, let read, let saved):
            let date = now()
            updateEntry(id) { entry in
                if let read { entry.readDate = read ? entry.readDate ?? date : nil }
                if let saved { entry.savedDate = saved ? entry.savedDate ?? date : nil }
            }
            return []

        case .changeFailed(.cache(let error)):
            // A change shown before it was written (a read mark, a saved star, a feed forgotten) was not: the
            // rows and the picker's feeds are read again, so the screen shows what the cache holds, and the
            // status line says why (instead of a notice of the change under way, "Forgetting…").
            state.changeError = error
            state.notice = nil
            return reloadRows() + [.loadPickerFeeds]
        }
    }

    /// The rows held until the feed's rows read again arrive, when the selected article is among them: they
    /// move with it to `position`, its place in the rows read again, so the frames drawn meanwhile highlight
    /// and detail that article; when it has no place there (it left the feed), they are dropped, so no
    /// other article is shown at its place. Rows held without the selected one stay where they are.
    private mutating func placeHeldRows(selectedAt position: Int?) {
        guard state.selectedEntry != nil else { return }
        if let position {
            state.window.start += position - state.selection
        } else {
            state.window = ArticleWindow()
        }
    }

    /// Reads the rows again after the cache changed, keeping the selection on the same article.
    mutating func reloadRows() -> [Effect] {
        if let search = state.search, search.showsHits {
            // The hits stand in for the rows; the feed's counts are read for the header all the same.
            return [.search(search.query, in: search.scope), .loadCounts(state.feed)]
        }
        reloadSelection = state.selection
        return [.loadFeed(state.feed, filter: state.filter, anchor: state.selectedEntry?.id)]
    }
}
