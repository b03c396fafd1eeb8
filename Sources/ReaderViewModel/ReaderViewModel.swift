import FoundationEssentials
import NewsCore

/// The reader's behaviour as a pure state machine: actions and service answers in, new state and effects out.
/// No terminal, no SQL, no HTTP: tests drive it directly.
public struct ReaderViewModel: Sendable {
    public internal(set) var state: ReaderState

    /// Bumped whenever the rows' order may have changed; answers for older generations are dropped.
    var generation = 0
    /// The range of entries asked for and not answered yet.
    var pendingRange: Range<Int>?
    /// Why refreshing is impossible (e.g. no API key), as the service last said.
    var refreshBlocker: RefreshFailure?
    /// The feed's selected article when the search started, to come back to when it is cleared.
    var anchorBeforeSearch: ArticleID?
    /// The selection when the rows were last asked for again around the selected article (after a refresh or
    /// a change to the cache); an answer that arrives after the reader moved away from it is out of date.
    var reloadSelection: Int?
    let now: @Sendable () -> Date
    /// When the feed on screen is next refreshed on its own.
    var autoRefresh: AutoRefresh

    /// Hits a live search shows at most.
    public static let searchLimit = 500

    /// - Parameter autoRefreshInterval: seconds between two refreshes of the feed on screen while the
    ///   reader is open (`auto_refresh_minutes`); 0 refreshes only when asked.
    public init(feed: Feed, autoRefreshInterval: TimeInterval = 0, now: @escaping @Sendable () -> Date = Date.init) {
        self.state = ReaderState(feed: feed)
        self.now = now
        self.autoRefresh = AutoRefresh(interval: autoRefreshInterval)
    }

    /// The effects that fill the first screen, and refresh the feed in the background when its cache is stale.
    public mutating func start() -> [Effect] {
        autoRefresh.schedule(after: now())
        return [.checkRefresh, .loadFeed(state.feed, anchor: nil), .refreshIfStale(state.feed)]
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

    /// An action from a key: acts on the open overlay when there is one, else on the focused pane.
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
        case .nytSearch:
            return openPrompt()
        case .trend:
            return openTrend()
        case .forget:
            state.notice = Notice("d forgets a search in the list of sections (s)")
            return []
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
            let current = state.pickerFeeds.firstIndex(of: state.feed) ?? 0
            state.overlay = .sectionPicker(selection: current)
            return [.loadPickerFeeds]
        case .openInBrowser:
            guard let entry = state.selectedEntry else { return [] }
            guard !entry.article.url.isEmpty else {
                state.notice = Notice("This article has no web address")
                return []
            }
            switch ArticleLink(entry.article.url) {
            case .nytimes(let url):
                return [.openURL(url)]
            case .elsewhere(let url):
                state.notice = Notice("Not an NYT address, not opened: \(url)", isError: true)
                return []
            case .refused:
                state.notice = Notice("This article's web address cannot be opened", isError: true)
                return []
            }
        case .copyLink:
            guard let entry = state.selectedEntry else { return [] }
            guard let url = ArticleLink(entry.article.url).openable else {
                state.notice = Notice("This article has no NYT link to copy", isError: true)
                return []
            }
            return [.copyLink(url)]
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
}
