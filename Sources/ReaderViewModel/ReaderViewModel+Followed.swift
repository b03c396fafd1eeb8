import FoundationEssentials
import NewsCore
import ReaderService

// `R`: the followed feeds refreshed one after another while the list stays in use.
extension ReaderViewModel {
    /// The answers about the followed feeds' refresh: which one is under way, each one's outcome (the feed
    /// on screen shows its new rows), and the end, said in the status line.
    mutating func applyFollowedRefresh(_ event: ServiceEvent) -> [Effect] {
        guard var progress = state.followedRefresh else { return [] }
        switch event {
        case .followedRefreshStarted(let index, let waitUntil):
            progress.index = index
            progress.waitUntil = waitUntil
            state.followedRefresh = progress
            return []
        case .followedRefreshed(let feed, let outcome):
            progress.waitUntil = nil
            progress.asked.insert(feed)
            switch outcome {
            case .refreshed(let changes, _):
                progress.refreshed += 1
                progress.inserted += changes.inserted
            case .failed(let failure, _):
                if failure != .cancelled { progress.failures.append(FollowedRefresh.Failure(feed: feed, failure: failure)) }
            }
            state.followedRefresh = progress
            var effects: [Effect] = state.overlay == nil ? [.loadCounts(state.feed)] : [.loadPickerFeeds]
            if feed == state.feed, !state.refresh.isRunning {
                planAutoRefresh(after: outcome)
                switch outcome {
                case .refreshed(let changes, _): state.refresh = .succeeded(changes)
                case .failed(let failure, _): state.refresh = .failed(failure)
                }
                effects += reloadRows()
            }
            return effects
        case .followedRefreshEnded:
            state.followedRefresh = nil
            state.notice = progress.summary
            return []
        default:
            return []
        }
    }
}
