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

    /// A key typed into the open prompt: edits it, runs the search (Enter) or closes it (Esc). A bad
    /// operator value keeps the prompt open with one line saying what is wrong, and asks nothing.
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
                return openSearch(.search(query))
            }
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
}
