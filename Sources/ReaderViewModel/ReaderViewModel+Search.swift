import NewsCore

// Editing the live search and leaving it.
extension ReaderViewModel {
    /// A key typed into the open search field.
    public mutating func edit(_ edit: TextEdit) -> [Effect] {
        state.notice = nil
        if let confirmation = state.confirmation {
            return answer(confirmation, edit)
        }
        if let prompt = state.prompt {
            return editPrompt(prompt, edit)
        }
        if let filter = state.pickerFilter, case .sectionPicker = state.overlay {
            return editPickerFilter(filter, edit)
        }
        guard var search = state.search, search.isEditing else { return [] }
        var effects: [Effect] = []
        switch edit {
        case .deleteBackward where search.text.isEmpty:
            return clearSearch()
        case .submit:
            guard !search.query.isEmpty else { return clearSearch() }
            search.isEditing = false
            state.search = search
            history.record(search.words, for: .search)
            if !search.isCurrent { actionsAwaitingHits = [] }
            return [.saveHistory(history)]
        case .cancel:
            return clearSearch()
        case .previousEntry, .nextEntry:
            search.recall.move(edit == .previousEntry ? -1 : 1, through: history.entries(for: .search), editor: &search.editor)
        case .switchScope:
            search.scope = search.scope == nil ? state.feed : nil
        default:
            search.editor.apply(edit)
        }
        state.search = search
        if search.query.isEmpty {
            return search.showsHits ? showFeedAgain() : effects
        }
        if !search.isCurrent { effects.append(.search(search.query, in: search.scope)) }
        return effects
    }

    /// Starts a live search of the feed on screen (`/`), or goes back to typing into the kept one.
    mutating func startSearch() -> [Effect] {
        state.focus = .list
        if state.search == nil {
            anchorBeforeSearch = state.selectedEntry?.id
            state.search = SearchFilter(scope: state.feed)
        } else {
            state.search?.isEditing = true
        }
        return []
    }

    /// Drops the search and shows the feed again, at the article selected before the search.
    mutating func clearSearch() -> [Effect] {
        let showedHits = state.search?.showsHits ?? false
        state.search = nil
        actionsAwaitingHits = nil
        return showedHits ? showFeedAgain() : []
    }

    private mutating func showFeedAgain() -> [Effect] {
        state.search?.shownText = nil
        state.search?.shownScope = nil
        state.search?.hitCount = 0
        generation += 1
        pendingRange = nil
        // Rows stay as placeholders (not "no articles") until the feed's answer comes.
        state.count = state.feedStatus?.count ?? 0
        state.selection = 0
        state.top = 0
        state.window = ArticleWindow()
        state.detailScroll = 0
        reloadSelection = nil
        if state.filter.unreadOnly { state.filter.keeping = anchorBeforeSearch }
        return [.loadFeed(state.feed, filter: state.filter, anchor: anchorBeforeSearch)]
    }

    /// Runs the keys pressed while the search's hits were on their way, in order, now that the hits show
    /// (or that the search failed, and the rows stay as they were).
    mutating func runActionsAwaitingHits() -> [Effect] {
        guard let waiting = actionsAwaitingHits else { return [] }
        actionsAwaitingHits = nil
        return waiting.flatMap { handle($0) }
    }
}
