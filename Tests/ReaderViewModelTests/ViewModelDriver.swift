import Foundation
import NewsCore
import ReaderService
@testable import ReaderViewModel
import TestSupport

/// Drives a view-model against in-memory feeds, answering every effect at once the way the service
/// would, and records the effects.
struct ViewModelDriver {
    static let now = Date(timeIntervalSince1970: 1_763_600_000)

    var viewModel: ReaderViewModel
    /// The cache: each feed's articles in rank order.
    var feeds: [Feed: [ArticleEntry]]
    var blocker: RefreshFailure?
    /// What `.refreshIfStale` answers.
    var isStale: Bool
    /// Whether a browser exists for `.openURL`.
    var hasBrowser = true
    /// When set, every cache read fails with this message.
    var cacheFailure: String?
    /// Every effect the view-model asked for, in order.
    var effects: [Effect] = []
    /// Refreshes asked for and not answered yet.
    var pendingRefreshes: [Feed] = []
    /// Searches asked for and not answered yet (only while `holdSearches` is set).
    var pendingSearches: [String] = []
    var holdSearches = false
    /// URLs handed to the browser.
    var openedURLs: [String] = []

    init(count: Int, listHeight: Int = 10, blocker: RefreshFailure? = nil, isStale: Bool = false, feed: Feed = .topStories(.world)) {
        viewModel = ReaderViewModel(feed: feed, now: { ViewModelDriver.now })
        feeds = [feed: (0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }]
        self.blocker = blocker
        self.isStale = isStale
        run(viewModel.setListHeight(listHeight))
        run(viewModel.start())
    }

    var state: ReaderState { viewModel.state }

    /// The shown feed's cached articles.
    var entries: [ArticleEntry] {
        get { feeds[state.feed] ?? [] }
        set { feeds[state.feed] = newValue }
    }

    mutating func send(_ action: Action) {
        run(viewModel.handle(action))
    }

    mutating func send(_ actions: [Action]) {
        for action in actions { send(action) }
    }

    /// Types `text` into the search field, one character at a time.
    mutating func type(_ text: String) {
        for character in text { run(viewModel.edit(.insert(character))) }
    }

    mutating func edit(_ edit: TextEdit) {
        run(viewModel.edit(edit))
    }

    /// Reads the shown feed again, as after a change to the cache made elsewhere.
    mutating func reload() {
        run([.loadFeed(state.feed, anchor: state.selectedEntry?.id)])
    }

    mutating func finishRefresh(_ outcome: (FeedStatus) -> RefreshOutcome) {
        let feeds = pendingRefreshes
        pendingRefreshes.removeAll()
        for feed in feeds {
            run(viewModel.apply(.refreshFinished(feed, outcome(status(of: feed)))))
        }
    }

    mutating func finishSearches() {
        let texts = pendingSearches
        pendingSearches.removeAll()
        for text in texts {
            run(viewModel.apply(.searchFinished(text, searchHits(text))))
        }
    }

    func status(of feed: Feed) -> FeedStatus {
        let count = rows(of: feed).count
        return FeedStatus(feed: feed, count: count, lastRefreshedDate: Date(timeIntervalSince1970: 1_763_500_000), origin: .bundled)
    }

    /// The entry with `id` in the cache, as the store holds it.
    func cached(_ id: ArticleID) -> ArticleEntry? {
        feeds.values.lazy.compactMap { $0.first { $0.id == id } }.first
    }

    private var savedEntries: [ArticleEntry] {
        var seen = Set<ArticleID>()
        return feeds.values.flatMap { $0 }.filter { $0.isSaved && seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    private func rows(of feed: Feed) -> [ArticleEntry] {
        feed == .saved ? savedEntries : (feeds[feed] ?? [])
    }

    /// Articles whose title or lead paragraph has a word starting with `text`, as the store's FTS would find.
    private func searchHits(_ text: String) -> [ArticleEntry] {
        var seen = Set<ArticleID>()
        let words = text.lowercased().split(separator: " ")
        return feeds.values.flatMap { $0 }.filter { entry in
            let haystack = (entry.article.title + " " + entry.article.leadParagraph).lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            return words.allSatisfy { word in haystack.contains { $0.hasPrefix(word) } } && seen.insert(entry.id).inserted
        }
    }

    private mutating func updateEverywhere(_ id: ArticleID, _ change: (inout ArticleEntry) -> Void) {
        for feed in feeds.keys {
            if let index = feeds[feed]?.firstIndex(where: { $0.id == id }) { change(&feeds[feed]![index]) }
        }
    }

    mutating func run(_ newEffects: [Effect]) {
        var queue = newEffects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            effects.append(effect)
            if let cacheFailure, effect.readsCache {
                queue += viewModel.apply(.cacheFailed(cacheFailure))
                continue
            }
            switch effect {
            case .checkRefresh:
                queue += viewModel.apply(.refreshBlocker(blocker))
            case .refreshIfStale(let feed):
                queue += viewModel.apply(.staleness(feed, isStale: isStale))
            case .loadFeed(let feed, let anchor):
                let position = anchor.flatMap { id in rows(of: feed).firstIndex { $0.id == id } }
                queue += viewModel.apply(.feedLoaded(feed, status(of: feed), anchorPosition: position))
            case .loadEntries(let feed, let range, let generation):
                let rows = rows(of: feed)
                let clamped = range.clamped(to: 0..<rows.count)
                let window = ArticleWindow(start: range.lowerBound, entries: Array(rows[clamped]))
                queue += viewModel.apply(.entriesLoaded(feed, window, requested: range, generation: generation))
            case .refresh(let feed):
                pendingRefreshes.append(feed)
            case .cancelRefresh:
                pendingRefreshes.removeAll()
            case .search(let text):
                if holdSearches {
                    pendingSearches.append(text)
                } else {
                    queue += viewModel.apply(.searchFinished(text, searchHits(text)))
                }
            case .findNextUnread(let feed, let position):
                let rows = rows(of: feed)
                let order = Array(rows.indices.dropFirst(position + 1)) + Array(rows.indices.prefix(position + 1))
                queue += viewModel.apply(.nextUnreadFound(feed, order.first { !rows[$0].isRead }))
            case .markAllRead(let feed):
                for id in rows(of: feed).map(\.id) { updateEverywhere(id) { $0.readDate = $0.readDate ?? ViewModelDriver.now } }
                queue += viewModel.apply(.allMarkedRead(feed))
            case .setRead(let id, let isRead):
                updateEverywhere(id) { $0.readDate = isRead ? ViewModelDriver.now : nil }
            case .setSaved(let id, let isSaved):
                updateEverywhere(id) { $0.savedDate = isSaved ? ViewModelDriver.now : nil }
            case .openURL(let url):
                if hasBrowser { openedURLs.append(url) }
                queue += viewModel.apply(.browserFinished(url: url, opened: hasBrowser))
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

    /// Cache reads asked for since `start` (an index into `effects`).
    func reads(since start: Int) -> [Effect] {
        effects[start...].filter(\.readsCache)
    }
}

extension Effect {
    /// Whether the effect reads the cache (and so fails when the cache does).
    var readsCache: Bool {
        switch self {
        case .loadFeed, .loadEntries, .search, .findNextUnread: return true
        default: return false
        }
    }
}
