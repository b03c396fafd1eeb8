import Foundation
import NewsCore
import ReaderService

/// The reader's behaviour as a pure state machine: actions and service answers in, new state and effects out.
/// No terminal, no SQL, no HTTP: tests drive it directly.
public struct ReaderViewModel: Sendable {
    public private(set) var state: ReaderState

    /// Bumped whenever the feed's order may have changed; answers for older generations are dropped.
    private var generation = 0
    /// The range of entries asked for and not answered yet.
    private var pendingRange: Range<Int>?
    private let now: @Sendable () -> Date

    public init(feed: Feed, now: @escaping @Sendable () -> Date = Date.init) {
        self.state = ReaderState(feed: feed)
        self.now = now
    }

    /// The effects that fill the first screen.
    public mutating func start() -> [Effect] {
        [.checkRefresh, .loadFeed(state.feed, anchor: nil)]
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

    /// Tells the view-model how far the detail pane can scroll for the selected article.
    public mutating func setDetailScrollLimit(_ limit: Int) {
        state.detailScrollLimit = max(0, limit)
        state.detailScroll = min(state.detailScroll, state.detailScrollLimit)
    }

    // MARK: - Actions

    public mutating func handle(_ action: Action) -> [Effect] {
        switch action {
        case .moveUp:
            return state.focus == .detail ? scrollDetail(by: -1) : select(state.selection - 1)
        case .moveDown:
            return state.focus == .detail ? scrollDetail(by: 1) : select(state.selection + 1)
        case .pageUp:
            return state.focus == .detail ? scrollDetail(by: -state.listHeight) : select(state.selection - state.listHeight)
        case .pageDown:
            return state.focus == .detail ? scrollDetail(by: state.listHeight) : select(state.selection + state.listHeight)
        case .moveToFirst:
            return state.focus == .detail ? scrollDetail(by: -state.detailScroll) : select(0)
        case .moveToLast:
            return state.focus == .detail ? scrollDetail(by: state.detailScrollLimit) : select(state.count - 1)
        case .focusDetail:
            if state.selectedEntry != nil { state.focus = .detail }
            return []
        case .focusList:
            state.focus = .list
            return []
        case .switchPane:
            state.focus = state.focus == .list && state.selectedEntry != nil ? .detail : .list
            return []
        case .refresh:
            return startRefresh()
        case .quit:
            state.isFinished = true
            return []
        }
    }

    // MARK: - Service answers

    public mutating func apply(_ event: ServiceEvent) -> [Effect] {
        switch event {
        case .feedLoaded(let feed, let status, let anchorPosition):
            guard feed == state.feed else { return [] }
            state.cacheError = nil
            state.feedStatus = status
            state.count = status.count
            generation += 1
            pendingRange = nil
            state.selection = clamp(anchorPosition ?? state.selection)
            scrollToSelection()
            return entriesNeeded(force: true)

        case .entriesLoaded(let feed, let window, let requested, let answerGeneration):
            guard feed == state.feed, answerGeneration == generation else { return [] }
            if pendingRange == requested { pendingRange = nil }
            state.window = window
            return entriesNeeded()

        case .refreshBlocker(let blocker):
            if case .idle = state.refresh { state.refresh = .idle(blocker: blocker) }
            return []

        case .refreshFinished(let feed, let outcome):
            guard feed == state.feed else { return [] }
            switch outcome {
            case .refreshed(let changes, _):
                state.refresh = .succeeded(changes)
            case .failed(let failure, _):
                state.refresh = .failed(failure)
            }
            return [.loadFeed(feed, anchor: state.selectedEntry?.id)]

        case .cacheFailed(let message):
            state.cacheError = message
            pendingRange = nil
            return []
        }
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

    // MARK: - Windowed reads

    /// Asks for entries when the rows on screen, or the screenful on either side, are not in memory.
    private mutating func entriesNeeded(force: Bool = false) -> [Effect] {
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
        guard state.feed.isRemote, !state.refresh.isRunning else { return [] }
        if case .idle(let blocker?) = state.refresh, blocker == .noAPIKey {
            state.refresh = .failed(blocker)
            return []
        }
        if case .failed(.noAPIKey) = state.refresh { return [] }
        state.refresh = .running(startedDate: now())
        return [.refresh(state.feed)]
    }
}
