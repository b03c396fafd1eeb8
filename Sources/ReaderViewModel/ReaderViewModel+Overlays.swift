import FoundationEssentials
import NewsCore

// Keys while the help or the section picker is open, and the answers to a confirmation (the trend
// overlay's keys are in ReaderViewModel+Trend).
extension ReaderViewModel {
    /// Cached articles a search may hold (ten pages) before forgetting it asks first.
    public static let forgetWithoutAsking = 100

    /// The interrupt key: the reader ends, whatever is open.
    public mutating func interrupt() {
        state.isFinished = true
    }

    /// `s`: opens the picker on the feed shown, and reads the searches, archive months and counts.
    mutating func openPicker() -> [Effect] {
        state.pickerFilter = nil
        listShownFeed()
        let current = state.pickerEntries.firstIndex(of: .feed(state.feed)) ?? firstFeedEntry(from: 0, step: 1) ?? 0
        state.overlay = .sectionPicker(selection: current)
        return [.loadPickerFeeds]
    }

    /// Lists the feed shown among the picker's searches or archive months while they are read, when it is
    /// one of them and not listed yet, so that the picker opens on it.
    private mutating func listShownFeed() {
        guard let status = state.feedStatus, status.feed == state.feed, !state.pickerEntries.contains(.feed(state.feed)) else { return }
        switch state.feed {
        case .search: state.searchFeeds.insert(status, at: 0)
        case .archive: state.archiveFeeds.insert(status, at: 0)
        default: break
        }
    }

    /// Keys act on the open overlay: the help scrolls and closes on its own key, back or quit; the section
    /// picker moves and chooses.
    mutating func handle(_ action: Action, over overlay: Overlay) -> [Effect] {
        if case .trend(let trend) = overlay {
            return handle(action, overTrend: trend)
        }
        guard case .sectionPicker(let selection) = overlay else {
            return handleInHelp(action)
        }
        if action == .quit {
            state.isFinished = true
            return []
        }
        let entries = state.pickerEntries
        let page = state.pickerHeight
        let target: Int?
        switch action {
        case .moveUp: target = firstFeedEntry(from: selection - 1, step: -1)
        case .moveDown: target = firstFeedEntry(from: selection + 1, step: 1)
        case .pageUp: target = firstFeedEntry(from: max(0, selection - page), step: -1) ?? firstFeedEntry(from: 0, step: 1)
        case .pageDown:
            target =
                firstFeedEntry(from: min(entries.count - 1, selection + page), step: 1) ?? firstFeedEntry(from: entries.count - 1, step: -1)
        case .moveToFirst: target = firstFeedEntry(from: 0, step: 1)
        case .moveToLast: target = firstFeedEntry(from: entries.count - 1, step: -1)
        case .focusDetail:
            return choosePickerEntry(at: selection)
        case .forget:
            return forgetHighlighted()
        case .search:
            state.pickerFilter = state.pickerFilter ?? ""
            return []
        case .help:
            openHelp()
            return []
        case .focusList:
            if state.pickerFilter != nil { return closePickerFilter() }
            state.overlay = nil
            return []
        case .pickSection:
            state.overlay = nil
            state.pickerFilter = nil
            return []
        default:
            return []
        }
        if let target { state.overlay = .sectionPicker(selection: target) }
        return []
    }

    /// The first feed entry from `start` on, going by `step` (1 or -1), when there is one.
    func firstFeedEntry(from start: Int, step: Int) -> Int? {
        let entries = state.pickerEntries
        var index = start
        while entries.indices.contains(index) {
            if entries[index].feed != nil { return index }
            index += step
        }
        return nil
    }

    /// Chooses the entry at `index`: a feed opens from the cache, and is refreshed at once when its cache is
    /// older than the automatic refresh's interval, was never fetched, or is the bundled snapshot. A
    /// heading does nothing.
    mutating func choosePickerEntry(at index: Int) -> [Effect] {
        let entries = state.pickerEntries
        guard entries.indices.contains(index), let feed = entries[index].feed else { return [] }
        state.overlay = nil
        state.pickerFilter = nil
        let effects = switchFeed(to: feed)
        guard !effects.isEmpty else { return [] }
        if case .archive = feed { return effects }
        return effects + [.refreshIfStale(feed, olderThan: autoRefresh.isOn ? autoRefresh.interval : nil)]
    }

    /// A key typed into the picker's filter: the entries narrow as it is typed, Backspace edits (and closes
    /// it once empty), Enter chooses the highlighted match, Esc clears it.
    mutating func editPickerFilter(_ text: String, _ edit: TextEdit) -> [Effect] {
        guard case .sectionPicker(let selection) = state.overlay else { return [] }
        switch edit {
        case .insert(let character):
            guard !character.isNewline, text.count < LineEditor.maximumLength else { return [] }
            state.pickerFilter = text + String(character)
        case .deleteBackward:
            guard !text.isEmpty else { return closePickerFilter() }
            state.pickerFilter = String(text.dropLast())
        case .deleteToStart, .deleteWordBackward:
            state.pickerFilter = ""
        case .submit:
            return choosePickerEntry(at: selection)
        case .cancel:
            return closePickerFilter()
        case .moveLeft, .moveRight, .moveToStart, .moveToEnd, .moveWordBackward, .moveWordForward, .deleteWordForward, .previousEntry,
            .nextEntry, .switchScope:
            return []
        }
        state.overlay = .sectionPicker(selection: firstFeedEntry(from: 0, step: 1) ?? 0)
        return []
    }

    /// Clears the picker's filter, keeping the highlighted feed highlighted.
    private mutating func closePickerFilter() -> [Effect] {
        let highlighted = highlightedPickerFeed
        state.pickerFilter = nil
        state.overlay = .sectionPicker(
            selection: highlighted.flatMap { state.pickerEntries.firstIndex(of: .feed($0)) }
                ?? firstFeedEntry(from: 0, step: 1) ?? 0)
        return []
    }

    /// The feed highlighted in the open picker.
    var highlightedPickerFeed: Feed? {
        guard case .sectionPicker(let selection) = state.overlay else { return nil }
        let entries = state.pickerEntries
        return entries.indices.contains(selection) ? entries[selection].feed : nil
    }

    /// Opens the help at its top.
    mutating func openHelp() {
        state.overlay = .help
        state.helpScroll = 0
    }

    /// The help scrolls with the moving keys and closes on its own key, back (Esc) or quit (q); other
    /// keys do nothing.
    private mutating func handleInHelp(_ action: Action) -> [Effect] {
        let page = max(1, state.helpHeight - 1)
        switch action {
        case .moveUp: scrollHelp(to: state.helpScroll - 1)
        case .moveDown: scrollHelp(to: state.helpScroll + 1)
        case .pageUp: scrollHelp(to: state.helpScroll - page)
        case .pageDown: scrollHelp(to: state.helpScroll + page)
        case .moveToFirst: scrollHelp(to: 0)
        case .moveToLast: scrollHelp(to: state.helpScrollLimit)
        case .help, .focusList, .quit: state.overlay = nil
        default: break
        }
        return []
    }

    private mutating func scrollHelp(to line: Int) {
        state.helpScroll = min(max(0, line), state.helpScrollLimit)
    }

    /// Tells the view-model how far the help can scroll at the screen's size, and how many of its lines
    /// show at once (PgUp and PgDn move by that, less one).
    public mutating func setHelpScrollLimit(_ limit: Int, height: Int) {
        state.helpScrollLimit = max(0, limit)
        state.helpHeight = max(1, height)
        state.helpScroll = min(state.helpScroll, state.helpScrollLimit)
    }

    /// `d` in the picker: forgets the highlighted search or archive month (the fixed feeds cannot be
    /// forgotten), after asking when that removes more articles than a search's pages hold. When it is the
    /// feed on screen, the reader goes to the first feed of the picker.
    private mutating func forgetHighlighted() -> [Effect] {
        guard let feed = highlightedPickerFeed else { return [] }
        let status: FeedStatus?
        switch feed {
        case .search: status = state.searchFeeds.first { $0.feed == feed }
        case .archive: status = state.archiveFeeds.first { $0.feed == feed }
        default:
            state.notice = Notice("Only searches and archive months can be forgotten")
            return []
        }
        let count = status?.count ?? 0
        if count > Self.forgetWithoutAsking {
            let again: String
            if case .archive = feed { again = "importing it again is one request" } else { again = "refreshing it again asks the NYT" }
            state.confirmation = Confirmation(
                question: "Forget \(feed.title) (\(GroupedCount(count)) articles; \(again))? y/n", step: .forget(feed))
            return []
        }
        return forgetNow(feed)
    }

    /// Forgets `feed` and its articles; leaves it when it is on screen.
    private mutating func forgetNow(_ feed: Feed) -> [Effect] {
        let selection: Int
        if case .sectionPicker(let current) = state.overlay { selection = current } else { selection = 0 }
        state.searchFeeds.removeAll { $0.feed == feed }
        state.archiveFeeds.removeAll { $0.feed == feed }
        state.followedFeeds.removeAll { $0 == feed }
        let picking = state.overlay != nil
        let next =
            firstFeedEntry(from: min(selection, state.pickerEntries.count - 1), step: 1)
            ?? firstFeedEntry(from: state.pickerEntries.count - 1, step: -1) ?? 0
        if picking { state.overlay = .sectionPicker(selection: next) }
        // Said once it is done (`.forgotten`): the screen confirms only what the cache holds.
        state.notice = Notice("Forgetting \(feed.title)…")
        var effects: [Effect] = [.forget(feed)]
        if feed == state.feed, let first = state.pickerFeeds.first {
            effects += switchFeed(to: first)
            if picking { state.overlay = .sectionPicker(selection: next) }
        }
        return effects
    }

    /// A key typed while a confirmation is asked: `y` goes on, `n` or Esc leaves everything as it was;
    /// other keys leave the question open.
    mutating func answer(_ confirmation: Confirmation, _ edit: TextEdit) -> [Effect] {
        switch edit {
        case .insert("y"), .insert("Y"):
            state.confirmation = nil
            switch confirmation.step {
            case .forget(let feed): return forgetNow(feed)
            case .importAgain: return startRefresh(confirmed: true)
            }
        case .insert("n"), .insert("N"), .cancel:
            state.confirmation = nil
            state.notice = Notice("Nothing changed")
            return []
        default:
            return []
        }
    }
}
