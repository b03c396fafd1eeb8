import NewsCore

// Editing the live search and leaving it.
extension ReaderViewModel {
    /// A key typed into the open search field.
    public mutating func edit(_ edit: TextEdit) -> [Effect] {
        state.notice = nil
        if let prompt = state.prompt {
            return editPrompt(prompt, edit)
        }
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
        case .moveLeft, .moveRight, .moveToStart, .moveToEnd, .deleteToStart, .deleteWordBackward:
            return []
        }
        state.search = search
        if search.query.isEmpty {
            return search.showsHits ? showFeedAgain() : []
        }
        return search.query == search.shownText ? [] : [.search(search.query)]
    }

    /// Drops the search and shows the feed again, at the article selected before the search.
    mutating func clearSearch() -> [Effect] {
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
        reloadSelection = nil
        return [.loadFeed(state.feed, anchor: anchorBeforeSearch)]
    }
}
