import ArticleStore
import Foundation
import NewsCore
import ReaderService
import Synchronization
import TestSupport

@testable import ReaderViewModel

/// The driver's clocks, wall and monotonic: the view-model reads them; tests move them, together or (the
/// wall clock set back or forward) the wall clock alone.
final class DriverClock: Sendable {
    private let date = Mutex(ViewModelDriver.now)
    private let instant = Mutex(ContinuousClock.now)
    var now: Date { date.withLock { $0 } }
    var monotonic: ContinuousClock.Instant { instant.withLock { $0 } }
    func advance(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
        instant.withLock { $0 += .seconds(seconds) }
    }
    func setWallClock(by seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Drives a view-model against in-memory feeds, answering every effect the way the service would, and
/// records the effects. Saved articles and search hits come from a real in-memory store holding the same
/// articles and states, so their order is the store's. With `holdReads`, reads wait for `answerReads()`,
/// as they do while the service is busy.
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
    var cacheFailure: StoreError?
    /// Every effect the view-model asked for, in order.
    var effects: [Effect] = []
    /// Refreshes asked for and not answered yet.
    var pendingRefreshes: [Feed] = []
    /// Searches asked for and not answered yet (only while `holdSearches` is set), with what they search.
    var pendingSearches: [(text: String, scope: Feed?)] = []
    /// The prompt histories the reader asked to keep, last first.
    var savedHistories: [PromptHistory] = []
    var holdSearches = false
    /// URLs handed to the browser.
    var openedURLs: [String] = []
    /// Links asked to be copied, and whether copying is on.
    var copiedLinks: [String] = []
    var copyingLinks = true
    /// Whether cache reads (`.loadFeed`, `.loadEntries`) wait for `answerReads()`.
    var holdReads = false
    /// Reads asked for and not answered yet (only while `holdReads` is set).
    var pendingReads: [Effect] = []
    /// Whether read marks (`.setRead`) wait for `answerWrites()`, as they do behind the write lane.
    var holdWrites = false
    /// Read marks asked for and not written yet (only while `holdWrites` is set).
    var pendingWrites: [Effect] = []
    /// The count of matches the NYT reports for a search feed.
    var totalHits: [Feed: Int] = [:]
    /// Today's requests to each feed's API, as the status reports them.
    var requestsToday = 0
    /// Next pages asked for and not answered yet.
    var pendingMorePages: [Feed] = []
    /// The followed feeds asked to be refreshed (`R`) and not answered yet.
    var pendingFollowed: [Feed] = []
    /// How many times `R` was asked to stop (`Effect.stopFollowedRefresh`).
    var followedStops = 0
    /// The maximum ages asked of `.refreshIfStale`, in order.
    var stalenessAges: [TimeInterval?] = []
    /// The archive's trends: what `.loadTrend` answers (by default, an archive with nothing imported).
    var archiveTrend: (TrendQuery) -> Trend = {
        Trend(interval: $0.interval, coverage: [], series: $0.terms.map { TrendSeries(term: $0, matches: []) })
    }
    /// Trends asked for and not answered yet (only while `holdTrends` is set).
    var pendingTrends: [TrendQuery] = []
    var holdTrends = false
    /// Reads of the picker's lists asked for and not answered yet (only while `holdPickerLists` is set).
    var pendingPickerLists = 0
    var holdPickerLists = false
    let clock = DriverClock()
    /// Effects answered so far: read and saved marks get one second apart, so "most recently saved" is defined.
    private var ticks = 0

    init(
        count: Int, listHeight: Int = 10, blocker: RefreshFailure? = nil, isStale: Bool = false, feed: Feed = .topStories(.world),
        totalHits: Int? = nil, autoRefreshInterval: TimeInterval = 0, followedFeeds: [Feed] = [], marksReadOnSelect: Bool = false,
        keys: KeyHints = ViewModelDriver.standardKeys, configWarnings: [String] = [], history: PromptHistory = PromptHistory(),
        otherFeeds: [Feed: [ArticleEntry]] = [:]
    ) {
        let clock = clock
        viewModel = ReaderViewModel(
            feed: feed, autoRefreshInterval: autoRefreshInterval, followedFeeds: followedFeeds, marksReadOnSelect: marksReadOnSelect,
            keys: keys, configWarnings: configWarnings, history: history, now: { clock.now }, monotonic: { clock.monotonic })
        feeds = otherFeeds.merging([feed: (0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }]) { $1 }
        if let totalHits { self.totalHits[feed] = totalHits }
        self.blocker = blocker
        self.isStale = isStale
        run(viewModel.setListHeight(listHeight))
        run(viewModel.start())
    }

    var state: ReaderState { viewModel.state }

    /// The keys the reader binds by default, as the terminal UI gives them.
    static let standardKeys = KeyHints([
        .help: "?", .quit: "q", .refresh: "r", .toggleSaved: "b", .showSaved: "S", .forget: "d", .pickSection: "s", .moveUp: "↑",
        .moveDown: "↓", .focusList: "Esc", .search: "/", .nytSearch: "f",
    ])

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

    /// A key of the trend overlay.
    mutating func send(_ key: TrendOverlayKey) {
        run(viewModel.handle(key))
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
        run([.loadFeed(state.feed, filter: state.filter, anchor: state.selectedEntry?.id)])
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
        for (text, scope) in texts {
            run(viewModel.apply(.searchFinished(text, in: scope, searchHits(text, in: scope))))
        }
    }

    /// Answers the trends held so far, in the order they were asked for.
    mutating func answerTrends() {
        let queries = pendingTrends
        pendingTrends.removeAll()
        for query in queries { run(viewModel.apply(.trendLoaded(query, archiveTrend(query)))) }
    }

    /// Answers the reads held so far, in the order they were asked for.
    mutating func answerReads() {
        let reads = pendingReads
        pendingReads.removeAll()
        for read in reads { run(answer(read)) }
    }

    /// Writes the read marks held while `holdWrites` was set.
    mutating func answerWrites() {
        let writes = pendingWrites
        pendingWrites.removeAll()
        run(writes)
    }

    func status(of feed: Feed) -> FeedStatus {
        let rows = rows(of: feed)
        let count = rows.count
        var status = FeedStatus(
            feed: feed, count: count, unreadCount: rows.filter { !$0.isRead }.count,
            lastRefreshedDate: Date(timeIntervalSince1970: 1_763_500_000), origin: .bundled,
            totalHits: totalHits[feed], pageCount: (count + 9) / 10
        )
        status.requestsToday = requestsToday
        return status
    }

    /// Answers the next pages asked for: adds `count` articles to each feed (numbered after the last), or
    /// fails with `failure`.
    mutating func finishMorePages(adding count: Int = 10, failure: RefreshFailure? = nil) {
        let asked = pendingMorePages
        pendingMorePages.removeAll()
        for feed in asked {
            if let failure {
                run(viewModel.apply(.morePagesLoaded(feed, .failed(failure, status(of: feed)))))
                continue
            }
            let start = feeds[feed]?.count ?? 0
            feeds[feed, default: []] += (start..<start + count).map { ArticleEntry(article: ArticleFactory.article($0)) }
            let changes = RefreshChanges(total: start + count, inserted: count, updated: 0, removed: 0)
            run(viewModel.apply(.morePagesLoaded(feed, .refreshed(changes, status(of: feed)))))
        }
    }

    /// Answers the followed feeds' refresh asked for: each feed refreshed in turn (adding nothing), or the
    /// first failing with `failure`.
    mutating func finishFollowed(failure: RefreshFailure? = nil) {
        let feeds = pendingFollowed
        pendingFollowed.removeAll()
        for (index, feed) in feeds.enumerated() {
            run(viewModel.apply(.followedRefreshStarted(index: index, waitUntil: nil)))
            let status = status(of: feed)
            if let failure {
                run(viewModel.apply(.followedRefreshed(feed, .failed(failure, status))))
                break
            }
            let changes = RefreshChanges(total: status.count, inserted: 1, updated: 0, removed: 0)
            run(viewModel.apply(.followedRefreshed(feed, .refreshed(changes, status))))
        }
        run(viewModel.apply(.followedRefreshEnded))
    }

    /// Every cached feed's unread and total counts, by key, as the store keeps them.
    func feedCounts() -> [String: FeedCounts] {
        var counts: [String: FeedCounts] = [:]
        for feed in Array(feeds.keys) + [.saved] {
            counts[feed.key] = status(of: feed).counts
        }
        return counts
    }

    /// Lets the view-model's once-a-second tick run `seconds` from now.
    mutating func wait(_ seconds: TimeInterval) {
        clock.advance(by: seconds)
        run(viewModel.tick())
    }

    /// The entry with `id` in the cache, as the store holds it.
    func cached(_ id: ArticleID) -> ArticleEntry? {
        feeds.values.lazy.compactMap { $0.first { $0.id == id } }.first
    }

    private func rows(of feed: Feed, filter: FeedFilter = .all) -> [ArticleEntry] {
        let all = feed == .saved ? mirrored { store in try store.entries(in: .saved, range: 0..<Int.max) } : (feeds[feed] ?? [])
        guard filter.unreadOnly else { return all }
        return all.filter { !$0.isRead || $0.id == filter.keeping }
    }

    /// The store's hits for `text` among the cached articles (of `scope` when given).
    private func searchHits(_ text: String, in scope: Feed?) -> [ArticleEntry] {
        mirrored { store in try store.search(text, in: scope, limit: ReaderViewModel.searchLimit).map(\.entry) }
    }

    /// Runs `body` on an in-memory store holding every cached feed with its read and saved marks.
    private func mirrored(_ body: (ArticleStore) throws -> [ArticleEntry]) -> [ArticleEntry] {
        do {
            let store = try ArticleStore(inMemoryWith: .standard)
            for (feed, entries) in feeds.sorted(by: { $0.key.title < $1.key.title }) where feed.isRemote {
                try store.apply(FeedSnapshot(feed: feed, articles: entries.map(\.article), fetchedDate: Self.now), origin: .network)
            }
            for entry in feeds.values.joined() {
                if let date = entry.readDate { try store.setRead(entry.id, at: date) }
                if let date = entry.savedDate { try store.setSaved(entry.id, at: date) }
            }
            return try body(store)
        } catch {
            fatalError("the in-memory store failed: \(error)")
        }
    }

    /// A moment after every earlier mark.
    private mutating func tick() -> Date {
        ticks += 1
        return Self.now.addingTimeInterval(Double(ticks))
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
                if case .loadTrend(let query) = effect {
                    queue += viewModel.apply(.trendFailed(query, .cache(cacheFailure)))
                } else {
                    queue += viewModel.apply(.cacheFailed(.cache(cacheFailure)))
                }
                continue
            }
            switch effect {
            case .checkRefresh:
                queue += viewModel.apply(.refreshBlocker(blocker))
            case .refreshIfStale(let feed, let maximumAge):
                stalenessAges.append(maximumAge)
                queue += viewModel.apply(.staleness(feed, isStale: isStale))
            case .refreshFollowed(let feeds):
                pendingFollowed = feeds
            case .loadCounts(let feed):
                queue += viewModel.apply(.countsLoaded(feed, status(of: feed), feedCounts()))
            case .loadFeed, .loadEntries:
                if holdReads {
                    pendingReads.append(effect)
                } else {
                    queue += answer(effect)
                }
            case .refresh(let feed):
                pendingRefreshes.append(feed)
            case .cancelRefresh:
                pendingRefreshes.removeAll()
            case .stopFollowedRefresh:
                followedStops += 1
            case .search(let text, let scope):
                if holdSearches {
                    pendingSearches.append((text, scope))
                } else {
                    queue += viewModel.apply(.searchFinished(text, in: scope, searchHits(text, in: scope)))
                }
            case .saveHistory(let history):
                savedHistories.insert(history, at: 0)
            case .loadTrend(let query):
                if holdTrends {
                    pendingTrends.append(query)
                } else {
                    queue += viewModel.apply(.trendLoaded(query, archiveTrend(query)))
                }
            case .findNextUnread(let feed, let position):
                let rows = rows(of: feed)
                let order = Array(rows.indices.dropFirst(position + 1)) + Array(rows.indices.prefix(position + 1))
                queue += viewModel.apply(.nextUnreadFound(feed, after: position, order.first { !rows[$0].isRead }))
            case .markAllRead(let feed, let shown):
                if let shown, shown.count != rows(of: feed).count {
                    queue += viewModel.apply(.changedBeforeMarkingRead(feed))
                    continue
                }
                let date = tick()
                for id in rows(of: feed).map(\.id) { updateEverywhere(id) { $0.readDate = $0.readDate ?? date } }
                queue += viewModel.apply(.allMarkedRead(feed))
            case .setRead(let id, let isRead):
                if holdWrites {
                    pendingWrites.append(effect)
                    continue
                }
                let date = tick()
                updateEverywhere(id) { $0.readDate = isRead ? date : nil }
                queue += viewModel.apply(.readMarksWritten)
            case .setSaved(let id, let isSaved):
                if holdWrites {
                    pendingWrites.append(effect)
                    continue
                }
                let date = tick()
                updateEverywhere(id) { $0.savedDate = isSaved ? date : nil }
                queue += viewModel.apply(.savedWritten(saved: isSaved))
            case .openURL(let url):
                if hasBrowser { openedURLs.append(url) }
                queue += viewModel.apply(.browserFinished(url: url, opened: hasBrowser))
            case .copyLink(let url):
                copiedLinks.append(url)
                queue += viewModel.apply(.linkCopied(url: url, copied: copyingLinks ? true : nil))
            case .loadMore(let feed):
                pendingMorePages.append(feed)
            case .loadPickerFeeds:
                if holdPickerLists {
                    pendingPickerLists += 1
                    continue
                }
                queue += pickerLists()
            case .forget(let feed):
                feeds[feed] = nil
            case .loadPhoto, .cancelPhoto:
                break
            }
        }
    }

    /// Answers the reads of the picker's lists held so far.
    mutating func answerPickerLists() {
        for _ in 0..<pendingPickerLists { run(pickerLists()) }
        pendingPickerLists = 0
    }

    /// The answer to `.loadPickerFeeds`, from the cache as it is now.
    private mutating func pickerLists() -> [Effect] {
        let searches = feeds.keys.filter { if case .search = $0 { return true } else { return false } }
        let archive = feeds.keys.filter { if case .archive = $0 { return true } else { return false } }
        return viewModel.apply(
            .pickerFeedsLoaded(
                searches: searches.sorted { $0.key < $1.key }.map(status(of:)),
                archive: archive.sorted { $0.key > $1.key }.map(status(of:)),
                counts: feedCounts()
            ))
    }

    /// The service's answer to a read of the cache, as the cache is now.
    private mutating func answer(_ read: Effect) -> [Effect] {
        switch read {
        case .loadFeed(let feed, let filter, let anchor):
            let rows = rows(of: feed, filter: filter)
            let position = anchor.flatMap { id in rows.firstIndex { $0.id == id } }
            return viewModel.apply(.feedLoaded(feed, status(of: feed), filter: filter, rowCount: rows.count, anchorPosition: position))
        case .loadEntries(let feed, let filter, let range, let generation):
            let rows = rows(of: feed, filter: filter)
            let clamped = range.clamped(to: 0..<rows.count)
            let window = ArticleWindow(start: range.lowerBound, entries: Array(rows[clamped]))
            return viewModel.apply(.entriesLoaded(feed, window, requested: range, generation: generation))
        default:
            return []
        }
    }

    /// The largest number of entries any single read asked for.
    var largestRead: Int {
        effects.compactMap { effect -> Int? in
            if case .loadEntries(_, _, let range, _) = effect { return range.count }
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
        case .loadFeed, .loadEntries, .search, .findNextUnread, .loadPickerFeeds, .loadCounts, .loadTrend: return true
        default: return false
        }
    }
}
