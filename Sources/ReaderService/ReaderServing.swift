import FoundationEssentials
import NewsCore

/// What the view-model may ask of the service. Tests give the view-model a fake.
public protocol ReaderServing: Sendable {
    /// Why `refresh` cannot reach the network right now (e.g. no API key), or nil when it can.
    func refreshBlocker() async -> RefreshFailure?
    /// A number that changes when another process changes the cache.
    func outsideChangeCount() async throws(ServiceError) -> Int
    /// The cached state of `feed`; answers from the cache at once.
    func status(of feed: Feed) async throws(ServiceError) -> FeedStatus
    /// The cached articles at positions `range` of `feed` as `filter` shows it.
    func entries(in feed: Feed, range: Range<Int>, filter: FeedFilter) async throws(ServiceError) -> [ArticleEntry]
    /// How many articles `feed` shows through `filter`.
    func count(in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int
    /// Where the article `id` sits in `feed` as `filter` shows it, when it is there.
    func position(of id: ArticleID, in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int?
    /// The unread and total counts of every feed the cache holds, by feed key (`saved` included).
    func feedCounts() async throws(ServiceError) -> [String: FeedCounts]
    /// Whether `feed` should be refreshed in the background (on launch, or when it is chosen): true when it
    /// can reach the network (a remote feed, an API key, no rate-limit window open) and its cache is older
    /// than `maximumAge` (nil: the refresh policy's `staleAfter`, 15 minutes by default), was never
    /// refreshed, or holds only the bundled snapshot.
    func needsRefresh(_ feed: Feed, olderThan maximumAge: TimeInterval?) async -> Bool
    /// Fetches `feed` from the NYT and stores it; on failure the cache stays as it was and the outcome says why.
    func refresh(_ feed: Feed) async -> RefreshOutcome
    /// Fetches the next page of a search feed and adds it after the cached ones (see `ReaderService.loadMore`).
    func loadMore(_ feed: Feed) async -> RefreshOutcome
    /// How long until the API behind `feed` may be asked again under the spacing between requests.
    func requestWait(for feed: Feed) async -> Duration
    /// Every search kept in the cache, the most recently refreshed first.
    func searchFeeds() async throws(ServiceError) -> [FeedStatus]
    /// Every archive month imported whole, newest first, as feeds.
    func archiveFeeds() async throws(ServiceError) -> [FeedStatus]
    /// Forgets a search: its feed, and its articles unless saved or listed by another feed.
    func forget(_ feed: Feed) async throws(ServiceError)
    /// Full-text search of the cache, best first: of `feed`'s articles, or of every article when nil.
    func search(_ text: String, in feed: Feed?, limit: Int) async throws(ServiceError) -> [SearchHit]
    /// The share of archived articles matching each term, period by period (see `ArticleStore.trend`).
    func trend(_ query: TrendQuery) async throws(ServiceError) -> Trend
    /// The position of the next unread article after `position`, wrapping around; nil when all are read.
    func nextUnread(in feed: Feed, after position: Int) async throws(ServiceError) -> Int?
    /// Marks every article of `feed` read, when it is still as `shown` (count and last refresh); false, and
    /// nothing marked, when it changed since.
    func markAllRead(in feed: Feed, asShown shown: FeedStatus?) async throws(ServiceError) -> Bool
    /// Marks an article read or unread.
    func setRead(_ id: ArticleID, _ isRead: Bool) async throws(ServiceError)
    /// Saves or unsaves an article.
    func setSaved(_ id: ArticleID, _ isSaved: Bool) async throws(ServiceError)
}
