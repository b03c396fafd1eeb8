import NewsCore

// Keys while the help or the section picker is open.
extension ReaderViewModel {
    /// A key bound to no action: it does nothing but close the help, which any key closes.
    public mutating func handleUnboundKey() {
        guard state.overlay == .help else { return }
        state.notice = nil
        state.overlay = nil
    }

    /// Keys act on the open overlay: the help closes on any key, the section picker moves and chooses.
    mutating func handle(_ action: Action, over overlay: Overlay) -> [Effect] {
        if action == .quit {
            state.isFinished = true
            return []
        }
        guard case .sectionPicker(let selection) = overlay else {
            state.overlay = nil
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
            return forgetSearch(at: selection)
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

    /// `d` in the picker: forgets the highlighted search or archive month (the fixed feeds cannot be
    /// forgotten). When it is
    /// the feed on screen, the reader goes to the first section.
    private mutating func forgetSearch(at selection: Int) -> [Effect] {
        let feeds = state.pickerFeeds
        let feed = feeds.indices.contains(selection) ? feeds[selection] : .saved
        switch feed {
        case .search, .archive: break
        default:
            state.notice = Notice("Only searches and archive months can be forgotten")
            return []
        }
        state.searchFeeds.removeAll { $0.feed == feed }
        state.archiveFeeds.removeAll { $0.feed == feed }
        state.overlay = .sectionPicker(selection: min(selection, state.pickerFeeds.count - 1))
        // Said once it is done (`.forgotten`): the screen confirms only what the cache holds.
        state.notice = Notice("Forgetting \(feed.title)…")
        var effects: [Effect] = [.forget(feed)]
        if feed == state.feed {
            effects += switchFeed(to: ReaderState.pickableFeeds[0])
            state.overlay = .sectionPicker(selection: min(selection, state.pickerFeeds.count - 1))
        }
        return effects
    }
}
