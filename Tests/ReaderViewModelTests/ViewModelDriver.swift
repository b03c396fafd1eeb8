import Foundation
import NewsCore
import ReaderService
@testable import ReaderViewModel
import TestSupport

/// Drives a view-model against an in-memory feed, answering every effect at once, and records the effects.
struct ViewModelDriver {
    var viewModel: ReaderViewModel
    var entries: [ArticleEntry]
    var blocker: RefreshFailure?
    /// Every effect the view-model asked for, in order.
    var effects: [Effect] = []
    /// Refreshes asked for and not answered yet.
    var pendingRefreshes: [Feed] = []

    init(count: Int, listHeight: Int = 10, blocker: RefreshFailure? = nil) {
        let feed = Feed.topStories(.world)
        viewModel = ReaderViewModel(feed: feed, now: { Date(timeIntervalSince1970: 1_763_600_000) })
        entries = (0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }
        self.blocker = blocker
        run(viewModel.setListHeight(listHeight))
        run(viewModel.start())
    }

    var state: ReaderState { viewModel.state }

    mutating func send(_ action: Action) {
        run(viewModel.handle(action))
    }

    mutating func send(_ actions: [Action]) {
        for action in actions { send(action) }
    }

    mutating func finishRefresh(_ outcome: (FeedStatus) -> RefreshOutcome) {
        let feeds = pendingRefreshes
        pendingRefreshes.removeAll()
        for feed in feeds {
            run(viewModel.apply(.refreshFinished(feed, outcome(status(of: feed)))))
        }
    }

    func status(of feed: Feed) -> FeedStatus {
        FeedStatus(feed: feed, count: entries.count, lastRefreshedDate: Date(timeIntervalSince1970: 1_763_500_000), origin: .bundled)
    }

    mutating func run(_ newEffects: [Effect]) {
        var queue = newEffects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            effects.append(effect)
            switch effect {
            case .checkRefresh:
                queue += viewModel.apply(.refreshBlocker(blocker))
            case .loadFeed(let feed, let anchor):
                let position = anchor.flatMap { id in entries.firstIndex { $0.id == id } }
                queue += viewModel.apply(.feedLoaded(feed, status(of: feed), anchorPosition: position))
            case .loadEntries(let feed, let range, let generation):
                let clamped = range.clamped(to: 0..<entries.count)
                let window = ArticleWindow(start: range.lowerBound, entries: Array(entries[clamped]))
                queue += viewModel.apply(.entriesLoaded(feed, window, requested: range, generation: generation))
            case .refresh(let feed):
                pendingRefreshes.append(feed)
            }
        }
    }

    /// The largest number of entries any single read asked for.
    var largestRead: Int {
        effects.compactMap { effect -> Int? in
            if case .loadEntries(_, let range, _) = effect { return range.count }
            return nil
        }.max() ?? 0
    }
}
