import Foundation
import NewsCore
import ReaderService

/// The reader's behaviour as a pure state machine: actions and service answers in, new state and effects out.
/// No terminal, no SQL, no HTTP: tests drive it directly.
public struct ReaderViewModel: Sendable {
    public private(set) var state: ReaderState

    /// Bumped whenever the rows' order may have changed; answers for older generations are dropped.
    private var generation = 0
    /// The range of entries asked for and not answered yet.
    private var pendingRange: Range<Int>?
    /// Why refreshing is impossible (e.g. no API key), as the service last said.
    private var refreshBlocker: RefreshFailure?
    /// The feed's selected article when the search started, to come back to when it is cleared.
    private var anchorBeforeSearch: ArticleID?
    private let now: @Sendable () -> Date

    /// Hits a live search shows at most.
    public static let searchLimit = 500

    public init(feed: Feed, now: @escaping @Sendable () -> Date = Date.init) {
        self.state = ReaderState(feed: feed)
        self.now = now
    }

    /// The effects that fill the first screen, and refresh the feed in the background when its cache is stale.
    public mutating func start() -> [Effect] {
        [.checkRefresh, .loadFeed(state.feed, anchor: nil), .refreshIfStale(state.feed)]
    }

    // MARK: - Layout

    /// Tells the view-model how many list rows fit; returns the reads needed to fill them.
    public mutating func setListHeight(_ height: Int) -> [Effect] {
        let height = max(1, height)
        guard height != state.listHeight else { return [] }
        state.listHeight = height
        scrollToSelection()
        return entriesNeeded()
    }

    /// Tells the view-model how many detail lines fit: PgUp/PgDn scroll the focused detail by this much.
    public mutating func setDetailHeight(_ height: Int) {
        state.detailHeight = max(1, height)
    }

    /// Tells the view-model how many feeds the section picker shows: PgUp/PgDn in the picker move by this much.
    public mutating func setPickerHeight(_ height: Int) {
        state.pickerHeight = max(1, height)
    }

    /// Tells the view-model how far the detail pane can scroll for the selected article.
    public mutating func setDetailScrollLimit(_ limit: Int) {
        state.detailScrollLimit = max(0, limit)
        state.detailScroll = min(state.detailScroll, state.detailScrollLimit)
    }

    // MARK: - Actions

    public mutating func handle(_ action: Action) -> [Effect] {
        state.notice = nil
        if let overlay = state.overlay {
            return handle(action, over: overlay)
        }
        let detailFocused = state.focus == .detail
        switch action {
        case .moveUp:
            return detailFocused ? scrollDetail(by: -1) : select(state.selection - 1)
        case .moveDown:
            return detailFocused ? scrollDetail(by: 1) : select(state.selection + 1)
        case .pageUp:
            return detailFocused ? scrollDetail(by: -state.detailHeight) : select(state.selection - state.listHeight)
        case .pageDown:
            return detailFocused ? scrollDetail(by: state.detailHeight) : select(state.selection + state.listHeight)
        case .moveToFirst:
            return detailFocused ? scrollDetail(by: -state.detailScroll) : select(0)
        case .moveToLast:
            return detailFocused ? scrollDetail(by: state.detailScrollLimit) : select(state.count - 1)
        case .focusDetail:
            return openDetail()
        case .focusList:
            if state.focus == .list, state.search != nil {
                return clearSearch()
            }
            state.focus = .list
            return []
        case .switchPane:
            if state.focus == .detail {
                state.focus = .list
                return []
            }
            return openDetail()
        case .refresh:
            return startRefresh()
        case .search:
            state.focus = .list
            if state.search == nil {
                anchorBeforeSearch = state.selectedEntry?.id
                state.search = SearchFilter()
            } else {
                state.search?.isEditing = true
            }
            return []
        case .pickSection:
            let current = ReaderState.pickableFeeds.firstIndex(of: state.feed) ?? 0
            state.overlay = .sectionPicker(selection: current)
            return []
        case .openInBrowser:
            guard let entry = state.selectedEntry else { return [] }
            guard !entry.article.url.isEmpty else {
                state.notice = Notice("This article has no web address")
                return []
            }
            return [.openURL(entry.article.url)]
        case .toggleRead:
            guard let entry = state.selectedEntry else { return [] }
            let date: Date? = entry.isRead ? nil : now()
            updateEntry(entry.id) { $0.readDate = date }
            return [.setRead(entry.id, date != nil)]
        case .toggleSaved:
            guard let entry = state.selectedEntry else { return [] }
            let date: Date? = entry.isSaved ? nil : now()
            updateEntry(entry.id) { $0.savedDate = date }
            state.notice = Notice(date == nil ? "Removed from saved articles" : "Saved — S shows saved articles")
            return [.setSaved(entry.id, date != nil)]
        case .showSaved:
            return switchFeed(to: .saved)
        case .nextUnread:
            return nextUnread()
        case .markAllRead:
            guard state.count > 0 else { return [] }
            return [.markAllRead(state.feed)]
        case .help:
            state.overlay = .help
            return []
        case .quit:
            state.isFinished = true
            return []
        }
    }

    /// A key bound to no action: it does nothing but close the help, which any key closes.
    public mutating func handleUnboundKey() {
        guard state.overlay == .help else { return }
        state.notice = nil
        state.overlay = nil
    }

    /// Keys act on the open overlay: the help closes on any key, the section picker moves and chooses.
    private mutating func handle(_ action: Action, over overlay: Overlay) -> [Effect] {
        if action == .quit {
            state.isFinished = true
            return []
        }
        guard case .sectionPicker(let selection) = overlay else {
            state.overlay = nil
            return []
        }
        let feeds = ReaderState.pickableFeeds
        let page = state.pickerHeight
        var target = selection
        switch action {
        case .moveUp: target -= 1
        case .moveDown: target += 1
        case .pageUp: target -= page
        case .pageDown: target += page
        case .moveToFirst: target = 0
        case .moveToLast: target = feeds.count - 1
        case .focusDetail:
            state.overlay = nil
            return switchFeed(to: feeds[selection])
        case .help:
            state.overlay = .help
            return []
        case .focusList, .pickSection:
            state.overlay = nil
            return []
        default:
            return []
        }
        state.overlay = .sectionPicker(selection: min(max(0, target), feeds.count - 1))
        return []
    }

    // MARK: - Search

    /// A key typed into the open search field.
    public mutating func edit(_ edit: TextEdit) -> [Effect] {
        state.notice = nil
        guard var search = state.search, search.isEditing else { return [] }
        switch edit {
        case .insert(let character):
            search.text.append(character)
        case .deleteBackward:
            guard !search.text.isEmpty else { return clearSearch() }
            search.text.removeLast()
        case .submit:
            guard !search.query.isEmpty else { return clearSearch() }
            search.isEditing = false
            state.search = search
            return []
        case .cancel:
            return clearSearch()
        }
        state.search = search
        if search.query.isEmpty {
            return search.showsHits ? showFeedAgain() : []
        }
        return search.query == search.shownText ? [] : [.search(search.query)]
    }

    /// Drops the search and shows the feed again, at the article selected before the search.
    private mutating func clearSearch() -> [Effect] {
        let showedHits = state.search?.showsHits ?? false
        state.search = nil
        return showedHits ? showFeedAgain() : []
    }

    private mutating func showFeedAgain() -> [Effect] {
        state.search?.shownText = nil
        state.search?.hitCount = 0
        generation += 1
        pendingRange = nil
        // Rows stay as placeholders (not "no articles") until the feed's answer comes.
        state.count = state.feedStatus?.count ?? 0
        state.selection = 0
        state.top = 0
        state.window = ArticleWindow()
        state.detailScroll = 0
        return [.loadFeed(state.feed, anchor: anchorBeforeSearch)]
    }

    // MARK: - Service answers

    public mutating func apply(_ event: ServiceEvent) -> [Effect] {
        switch event {
        case .feedLoaded(let feed, let status, let anchorPosition):
            guard feed == state.feed else { return [] }
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
            switch outcome {
            case .refreshed(let changes, _):
                state.refresh = .succeeded(changes)
            case .failed(let failure, _):
                state.refresh = .failed(failure)
            }
            return reloadRows()

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

        case .allMarkedRead(let feed):
            guard feed == state.feed else { return [] }
            state.notice = Notice("Marked every article in \(feed.title) read")
            return reloadRows()

        case .browserFinished(let url, let opened):
            state.notice = opened
                ? Notice("Opened in the browser")
                : Notice("No browser found (set BROWSER) — \(url)", isError: true)
            return []

        case .cacheFailed(let message):
            state.cacheError = message
            pendingRange = nil
            return []
        }
    }

    /// Reads the rows again after the cache changed, keeping the selection on the same article.
    private func reloadRows() -> [Effect] {
        if let search = state.search, search.showsHits {
            return [.search(search.query)]
        }
        return [.loadFeed(state.feed, anchor: state.selectedEntry?.id)]
    }

    // MARK: - Selection and scrolling

    private mutating func select(_ position: Int) -> [Effect] {
        let target = clamp(position)
        guard target != state.selection else { return [] }
        state.selection = target
        state.detailScroll = 0
        scrollToSelection()
        return entriesNeeded()
    }

    private mutating func scrollDetail(by lines: Int) -> [Effect] {
        state.detailScroll = min(max(0, state.detailScroll + lines), state.detailScrollLimit)
        return []
    }

    private func clamp(_ position: Int) -> Int {
        min(max(0, position), max(0, state.count - 1))
    }

    /// Moves the list's first row so that the selection is on screen.
    private mutating func scrollToSelection() {
        if state.selection < state.top {
            state.top = state.selection
        } else if state.selection >= state.top + state.listHeight {
            state.top = state.selection - state.listHeight + 1
        }
        state.top = max(0, min(state.top, max(0, state.count - state.listHeight)))
    }

    /// Focuses the detail of the selected article and marks it read.
    private mutating func openDetail() -> [Effect] {
        guard let entry = state.selectedEntry else { return [] }
        state.focus = .detail
        guard !entry.isRead else { return [] }
        let date = now()
        updateEntry(entry.id) { $0.readDate = date }
        return [.setRead(entry.id, true)]
    }

    private mutating func updateEntry(_ id: ArticleID, _ change: (inout ArticleEntry) -> Void) {
        state.window.replace(id, change)
    }

    /// The next unread article after the selection: among the hits while searching, else from the cache.
    private mutating func nextUnread() -> [Effect] {
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

    // MARK: - Feeds

    /// Shows another feed from its cache; leaving a feed stops its refresh.
    private mutating func switchFeed(to feed: Feed) -> [Effect] {
        guard feed != state.feed || state.search != nil else { return [] }
        var effects: [Effect] = []
        if state.refresh.isRunning { effects.append(.cancelRefresh) }
        state = ReaderState(feed: feed, keepingLayoutOf: state)
        state.refresh = .idle(blocker: refreshBlocker)
        generation += 1
        pendingRange = nil
        anchorBeforeSearch = nil
        effects.append(.loadFeed(feed, anchor: nil))
        return effects
    }

    // MARK: - Windowed reads

    /// Asks for entries when the rows on screen, or the screenful on either side, are not in memory.
    private mutating func entriesNeeded(force: Bool = false) -> [Effect] {
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

    private mutating func startRefresh() -> [Effect] {
        guard state.feed.isRemote else {
            state.notice = Notice("Saved articles live in the cache; there is nothing to refresh")
            return []
        }
        guard !state.refresh.isRunning else { return [] }
        if let blocker = refreshBlocker, blocker == .noAPIKey {
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
        listHeight = previous.listHeight
        detailHeight = previous.detailHeight
        pickerHeight = previous.pickerHeight
    }
}
