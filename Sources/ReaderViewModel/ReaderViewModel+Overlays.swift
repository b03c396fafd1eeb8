import NewsCore

// Keys while the help or the section picker is open, and the answers to a confirmation.
extension ReaderViewModel {
    /// Cached articles a search may hold (ten pages) before forgetting it asks first.
    public static let forgetWithoutAsking = 100

    /// The interrupt key: the reader ends, whatever is open.
    public mutating func interrupt() {
        state.isFinished = true
    }

    /// Keys act on the open overlay: the help scrolls and closes on its own key, back or quit; the section
    /// picker moves and chooses.
    mutating func handle(_ action: Action, over overlay: Overlay) -> [Effect] {
        guard case .sectionPicker(let selection) = overlay else {
            return handleInHelp(action)
        }
        if action == .quit {
            state.isFinished = true
            return []
        }
        let feeds = state.pickerFeeds
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
            let feed = feeds[selection]
            let effects = switchFeed(to: feed)
            // A search made earlier opens from the cache, and is asked again when its cache is stale.
            if case .search = feed, !effects.isEmpty { return effects + [.refreshIfStale(feed)] }
            return effects
        case .forget:
            return forget(at: selection)
        case .help:
            openHelp()
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
    /// feed on screen, the reader goes to the first section.
    private mutating func forget(at selection: Int) -> [Effect] {
        let feeds = state.pickerFeeds
        let feed = feeds.indices.contains(selection) ? feeds[selection] : .saved
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
        let picking = state.overlay != nil
        if picking { state.overlay = .sectionPicker(selection: min(selection, state.pickerFeeds.count - 1)) }
        // Said once it is done (`.forgotten`): the screen confirms only what the cache holds.
        state.notice = Notice("Forgetting \(feed.title)…")
        var effects: [Effect] = [.forget(feed)]
        if feed == state.feed {
            effects += switchFeed(to: ReaderState.pickableFeeds[0])
            if picking { state.overlay = .sectionPicker(selection: min(selection, state.pickerFeeds.count - 1)) }
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
