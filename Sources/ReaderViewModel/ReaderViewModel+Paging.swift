import FoundationEssentials
import NewsCore
import ReaderService

// A search feed's next pages, asked for as the selection reaches the end of the list.
extension ReaderViewModel {
    /// The ask for the next page when the last article is selected and the NYT has more; nothing while a
    /// refresh or an ask is under way.
    mutating func morePagesNeeded() -> [Effect] {
        guard case .search = state.feed, state.search?.showsHits != true, state.count > 0,
            state.selection == state.count - 1, state.feedStatus?.hasMorePages == true, !state.refresh.isRunning
        else { return [] }
        switch state.morePages {
        case .loading, .waiting:
            return []
        case .idle, .failed:
            if let blocker = refreshBlocker, blocker.isStandingBlocker {
                state.morePages = .failed(blocker.message)
                return []
            }
            state.morePages = .loading
            return [.loadMore(state.feed)]
        }
    }

    /// The service's answers about the next page.
    mutating func applyMorePages(_ event: ServiceEvent) -> [Effect] {
        switch event {
        case .morePagesWaiting(let feed, let until):
            guard feed == state.feed, state.morePages == .loading else { return [] }
            state.morePages = .waiting(until: until)
            return []
        case .morePagesLoaded(let feed, let outcome):
            guard feed == state.feed, state.morePages != .idle else { return [] }
            if let failure = outcome.failure {
                state.morePages = failure == .cancelled ? .idle : .failed(failure.message)
                return []
            }
            state.morePages = .idle
            state.feedStatus = outcome.status
            guard state.search?.showsHits != true else { return [] }
            state.count = outcome.status.count
            scrollToSelection()
            return entriesNeeded(force: true)
        default:
            return []
        }
    }
}
