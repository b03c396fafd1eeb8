import FoundationEssentials
import NewsCore

// The NYT search prompt (`f`): typing, operators, running the search as a feed.
extension ReaderViewModel {
    /// Opens the prompt on the bottom line, empty.
    mutating func openPrompt() -> [Effect] {
        state.focus = .list
        state.search?.isEditing = false
        state.prompt = SearchPrompt()
        return []
    }

    /// A key typed into the open prompt: edits it, recalls an earlier entry (↑/↓), runs the search
    /// (Enter) or closes it (Esc). A bad operator value keeps the prompt open with one line saying what is
    /// wrong, and asks nothing. Started with `--offline`, the words search the cache instead, and the
    /// status line says so.
    mutating func editPrompt(_ prompt: SearchPrompt, _ edit: TextEdit) -> [Effect] {
        var prompt = prompt
        switch edit {
        case .cancel:
            state.prompt = nil
            return []
        case .submit:
            let latestYear = SearchDay.latestYear(at: now().timeIntervalSince1970)
            switch SearchInput.parse(prompt.editor.text, latestYear: latestYear) {
            case .failure(let problem):
                prompt.problem = problem.message
                state.prompt = prompt
                return []
            case .success(let query):
                state.prompt = nil
                history.record(prompt.editor.text, for: .nytSearch)
                let remember = Effect.saveHistory(history)
                if refreshBlocker == .offlineByRequest {
                    return [remember] + searchCacheInstead(query)
                }
                return [remember] + openSearch(.search(query))
            }
        case .previousEntry, .nextEntry:
            prompt.recall.move(edit == .previousEntry ? -1 : 1, through: history.entries(for: .nytSearch), editor: &prompt.editor)
            prompt.problem = nil
            state.prompt = prompt
            return []
        case .switchScope:
            return []
        default:
            prompt.editor.apply(edit)
            prompt.problem = nil
            state.prompt = prompt
            return []
        }
    }

    /// Shows a search feed from the cache at once and asks the NYT for its first page.
    private mutating func openSearch(_ feed: Feed) -> [Effect] {
        var effects = switchFeed(to: feed)
        if state.search != nil { effects += clearSearch() }
        return effects + startRefresh()
    }

    /// Offline by request: the query's words search everything cached, as `/` does, kept as the list;
    /// the notice says the NYT was not asked.
    private mutating func searchCacheInstead(_ query: SearchQuery) -> [Effect] {
        guard !query.text.isEmpty else {
            state.notice = Notice("Offline (--offline): the NYT is not searched, and the cache is searched by words only")
            return []
        }
        var effects = clearSearch()
        anchorBeforeSearch = state.selectedEntry?.id
        var search = SearchFilter(text: query.text, isEditing: false)
        search.scope = nil
        state.search = search
        state.notice = Notice("Offline (--offline): searched the cache, not the NYT")
        effects.append(.search(search.query, in: nil))
        return effects
    }
}
