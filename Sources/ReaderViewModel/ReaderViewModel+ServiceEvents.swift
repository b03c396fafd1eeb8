import NewsCore
import ReaderService

// The service's answers applied to the state.
extension ReaderViewModel {
    /// An answer from the service: new rows, a finished refresh or search, a failure.
    public mutating func apply(_ event: ServiceEvent) -> [Effect] {
        switch event {
        case .feedLoaded(let feed, let status, var anchorPosition):
            guard feed == state.feed else { return [] }
            if let asked = reloadSelection, asked != state.selection {
                // The reader moved while the rows were read again: the answer places the article selected
                // before. Ask where the article selected now went; if its row is not in memory, keep the row.
                if let current = state.selectedEntry?.id {
                    reloadSelection = state.selection
                    return [.loadFeed(feed, anchor: current)]
                }
                anchorPosition = nil
            }
            reloadSelection = nil
            state.cacheError = nil
            state.feedStatus = status
            if state.search?.showsHits == true { return [] }
            state.count = status.count
            generation += 1
            pendingRange = nil
            state.selection = clamp(anchorPosition ?? state.selection)
            scrollToSelection()
            return entriesNeeded(force: true)

        case .entriesLoaded(let feed, let window, let requested, let answerGeneration):
            guard feed == state.feed, answerGeneration == generation, state.search?.showsHits != true else { return [] }
            if pendingRange == requested { pendingRange = nil }
            state.window = window
            return entriesNeeded()

        case .refreshBlocker(let blocker):
            refreshBlocker = blocker
            if case .idle = state.refresh { state.refresh = .idle(blocker: blocker) }
            return []

        case .staleness(let feed, let isStale):
            guard feed == state.feed, isStale, refreshBlocker == nil else { return [] }
            return startRefresh()

        case .refreshFinished(let feed, let outcome):
            guard feed == state.feed else { return [] }
            planAutoRefresh(after: outcome)
            state.morePages = .idle
            switch outcome {
            case .refreshed(let changes, _):
                state.refresh = .succeeded(changes)
            case .failed(let failure, _):
                state.refresh = .failed(failure)
            }
            return reloadRows()

        case .morePagesWaiting, .morePagesLoaded:
            return applyMorePages(event)

        case .pickerFeedsLoaded(let feeds, let archive):
            let highlighted = state.overlay.flatMap { overlay -> Feed? in
                guard case .sectionPicker(let selection) = overlay else { return nil }
                return state.pickerFeeds.indices.contains(selection) ? state.pickerFeeds[selection] : nil
            }
            state.searchFeeds = feeds
            state.archiveFeeds = archive
            if let highlighted, case .sectionPicker = state.overlay {
                state.overlay = .sectionPicker(selection: state.pickerFeeds.firstIndex(of: highlighted) ?? 0)
            }
            return []

        case .searchFinished(let text, let entries):
            guard var search = state.search, search.query == text else { return [] }
            let keep = state.selectedEntry?.id
            search.shownText = text
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
            return []

        case .nextUnreadFound(let feed, let position):
            guard feed == state.feed, state.search?.showsHits != true else { return [] }
            guard let position else {
                state.notice = Notice("No unread articles in \(feed.title)")
                return []
            }
            return select(position)

        case .forgotten(let feed):
            state.notice = Notice("Forgot \(feed.title)")
            return []

        case .allMarkedRead(let feed):
            guard feed == state.feed else { return [] }
            state.notice = Notice("Marked every article in \(feed.title) read")
            return reloadRows()

        case .browserFinished(let url, let opened):
            state.notice =
                opened
                ? Notice("Opened in the browser")
                : Notice("No browser found (set BROWSER) — \(url)", isError: true)
            return []

        case .linkCopied(_, let copied):
            switch copied {
            case true?: state.notice = Notice("Link copied to the clipboard (through the terminal)")
            case false?: state.notice = Notice("The terminal could not be given the link", isError: true)
            case nil: state.notice = Notice("Copying links is turned off (copy_links = false)")
            }
            return []

        case .cacheChangedElsewhere:
            return reloadRows()

        case .cacheFailed(.cache(let error)):
            state.cacheError = error
            pendingRange = nil
            return []

        case .changeFailed(.cache(let error)):
            state.cacheError = error
            // A change shown before it was written (a read mark, a saved star) was not: the rows are read
            // again, so the screen shows what the cache holds.
            return reloadRows()
        }
    }

    /// Reads the rows again after the cache changed, keeping the selection on the same article.
    private mutating func reloadRows() -> [Effect] {
        if let search = state.search, search.showsHits {
            return [.search(search.query)]
        }
        reloadSelection = state.selection
        return [.loadFeed(state.feed, anchor: state.selectedEntry?.id)]
    }
}
