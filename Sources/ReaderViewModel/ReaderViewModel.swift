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
    /// The feed's selected article when `S` showed the saved ones, to come back to with Esc.
    var anchorBeforeSaved: ArticleID?
    /// The selection when the rows were last asked for again around the selected article (after a refresh or
    /// a change to the cache); an answer that arrives after the reader moved away from it is out of date.
    var reloadSelection: Int?
    /// The wall clock: the dates shown, stored (read and saved) and counted down on the status line.
    let now: @Sendable () -> Date
    /// A monotonic clock: what waits (the read mark of a resting selection, the next refresh on its own),
    /// so that a wall clock set back or forward moves neither.
    let monotonic: @Sendable () -> ContinuousClock.Instant
    /// When the feed on screen is next refreshed on its own.
    var autoRefresh: AutoRefresh
    /// When the rate limit the status line counts down ends, on the monotonic clock.
    var rateLimitEnds: ContinuousClock.Instant?
    /// Whether the selected article, not read from the cache yet, is to be marked read once it is (`n`).
    var pendingOpen = false
    /// Whether resting the selection on an article for `selectionReadDelay` marks it read.
    let marksReadOnSelect: Bool
    /// The article the selection rests on, to be marked read when it is still there at `due`.
    var selectionMark: (position: Int, due: ContinuousClock.Instant)?
    /// Whether the feed's first answer is still to come: the selection it places rests on its article
    /// from then, as after a move.
    var awaitsFirstRows = true
    /// Whether the picker's searches, archive months and counts have been asked for: once the first rows
    /// show, so that the first `s` opens on them and keys typed at once act on the whole list.
    var pickerListsAsked = false
    /// What the detail pane's picture needs; nil when no picture is shown.
    var photoTarget: PhotoTarget?
    /// What was entered at the prompts, this run and before.
    var history: PromptHistory
    /// Keys pressed after Enter ended a search whose hits had not arrived (typed ahead, or pasted with the
    /// words): they act on the hits once shown, not on the rows the search replaces. Nil when none wait.
    var actionsAwaitingHits: [Action]?

    /// How long the selection rests on an article before it is marked read (`mark_read_on_select`).
    public static let selectionReadDelay: TimeInterval = 0.5

    /// Hits a live search shows at most.
    public static let searchLimit = 500

    /// Keys kept at most while a search's hits are on their way (a paste's worth).
    static let actionsAwaitingHitsLimit = 256

    /// - Parameters:
    ///   - autoRefreshInterval: seconds between two refreshes of the feed on screen while the reader is
    ///     open (`auto_refresh_minutes`); 0 refreshes only when asked.
    ///   - followedFeeds: the feeds the person follows (`feeds`): first in the picker, refreshed by `R`.
    ///   - marksReadOnSelect: whether an article the selection rests on for half a second is marked read.
    ///   - keys: the keys in force, for the hints.
    ///   - configWarnings: the config file's problems, one line each, for the help (and a notice at start).
    ///   - history: what was entered at the prompts before.
    ///   - listWidthPercent: the list's share of a wide terminal (`list_width`).
    ///   - now: the wall clock.
    ///   - monotonic: the clock of the waits.
    public init(
        feed: Feed, autoRefreshInterval: TimeInterval = 0, followedFeeds: [Feed] = [], marksReadOnSelect: Bool = false,
        keys: KeyHints = KeyHints(), configWarnings: [String] = [], history: PromptHistory = PromptHistory(),
        listWidthPercent: Int = ReaderState.standardListWidth, now: @escaping @Sendable () -> Date = Date.init,
        monotonic: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        var state = ReaderState(feed: feed)
        state.followedFeeds = followedFeeds
        state.keys = keys
        state.configWarnings = configWarnings
        state.listWidthPercent = min(max(listWidthPercent, ReaderState.listWidthRange.lowerBound), ReaderState.listWidthRange.upperBound)
        self.state = state
        self.now = now
        self.monotonic = monotonic
        self.autoRefresh = AutoRefresh(interval: autoRefreshInterval)
        self.marksReadOnSelect = marksReadOnSelect
        self.history = history
    }

    /// The effects that fill the first screen, and refresh the feed in the background when its cache is stale.
    public mutating func start() -> [Effect] {
        autoRefresh.schedule(after: monotonic())
        let count = state.configWarnings.count
        if count > 0 {
            let shows = state.keys.hint(.help, "shows them").map { " — \($0)" } ?? ""
            state.notice = Notice("\(count) config warning\(count == 1 ? "" : "s")\(shows)", isError: true)
        }
        return [.checkRefresh, .loadFeed(state.feed, filter: state.filter, anchor: nil), .refreshIfStale(state.feed, olderThan: nil)]
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
        // Quit quits, and Esc leaves the search (a slow one too) with the keys held for its hits.
        if var waiting = actionsAwaitingHits, action != .quit, action != .focusList {
            if waiting.count < Self.actionsAwaitingHitsLimit { waiting.append(action) }
            actionsAwaitingHits = waiting
            return []
        }
        state.notice = nil
        if state.confirmation != nil {
            // Only y or n answer the question; quit still quits, anything else leaves it unanswered.
            state.confirmation = nil
            if action == .quit { state.isFinished = true }
            return []
        }
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
            if state.focus == .list, state.feed == .saved, let previous = state.previousFeed {
                return switchFeed(to: previous, anchor: anchorBeforeSaved)
            }
            if state.focus == .list, state.escapeStopsRefresh {
                return stopRefreshes()
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
        case .refreshFollowed:
            return refreshFollowed()
        case .toggleUnreadOnly:
            return toggleUnreadOnly()
        case .nytSearch:
            return openPrompt()
        case .trend:
            return openTrend()
        case .forget:
            let keys = state.keys
            if let forget = keys.key(.forget) {
                let picker = keys.key(.pickSection).map { " (\($0))" } ?? ""
                state.notice = Notice("\(forget) forgets a search in the list of sections\(picker)")
            }
            return []
        case .search:
            return startSearch()
        case .narrowList, .widenList:
            let step = action == .narrowList ? -ReaderState.listWidthStep : ReaderState.listWidthStep
            let range = ReaderState.listWidthRange
            state.listWidthPercent = min(max(state.listWidthPercent + step, range.lowerBound), range.upperBound)
            state.listZoomed = false
            return []
        case .zoomList:
            state.listZoomed.toggle()
            state.focus = .list
            return []
        case .pickSection:
            return openPicker()
        case .openInBrowser:
            guard let entry = state.selectedEntry else { return [] }
            guard !entry.article.url.isEmpty else {
                state.notice = Notice("This article has no web address")
                return []
            }
            switch ArticleLink(entry.article.url) {
            case .nytimes(let url):
                // Read where it is really read: marked once the browser opened it (`browserFinished`).
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
            return entry.isRead ? markUnread(entry) : markRead(entry)
        case .toggleSaved:
            guard let entry = state.selectedEntry else { return [] }
            let date: Date? = entry.isSaved ? nil : now()
            updateEntry(entry.id) { $0.savedDate = date }
            // Said once it is written (`.savedWritten`): the screen confirms only what the cache holds.
            return [.setSaved(entry.id, date != nil)]
        case .showSaved:
            let previous = state.feed == .saved ? state.previousFeed : state.feed
            let anchor = state.feed == .saved ? anchorBeforeSaved : state.selectedEntry?.id
            let effects = switchFeed(to: .saved)
            state.previousFeed = previous
            anchorBeforeSaved = anchor
            return effects
        case .nextUnread:
            return nextUnread()
        case .markAllRead:
            guard state.count > 0 else { return [] }
            return [.markAllRead(state.feed, shown: state.feedStatus)]
        case .help:
            openHelp()
            return []
        case .quit:
            state.isFinished = true
            return []
        }
    }
}
