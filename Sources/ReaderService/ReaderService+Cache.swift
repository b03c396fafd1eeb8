import ArticleStore
import FoundationEssentials
import NYTAPI
import NewsCore

// What the service answers from the cache alone, and the changes a person makes to it. Each call runs on
// the store's threads (`StoreLanes`); changes run one at a time, in the order they were asked.
extension ReaderService {
    /// Imports the bundled snapshot when the cache holds nothing, through the same decoding and mapping
    /// as a network refresh. Returns how many articles were imported. `feeds` is evaluated only for an
    /// empty cache, so a bundled snapshot is copied out of the binary on the first launch alone.
    @discardableResult
    public nonisolated func importIfEmpty(
        _ feeds: @autoclosure @escaping @Sendable () -> [BundledFeed]
    ) async throws(ServiceError) -> Int {
        try await writing { store throws(StoreError) in
            try store.importIfEmpty { () throws -> [FeedSnapshot] in
                try feeds().map { bundled in
                    do {
                        return try NYTClient.decodeTopStories(bundled.json, section: bundled.section, fetchedDate: nil)
                    } catch {
                        throw StoreError(.failed, cause: "the bundled \(bundled.section) snapshot could not be read: \(error)")
                    }
                }
            }
        }
    }

    public nonisolated func outsideChangeCount() async throws(ServiceError) -> Int {
        try await reading { store throws(StoreError) in try store.outsideChangeCount() }
    }

    public nonisolated func status(of feed: Feed) async throws(ServiceError) -> FeedStatus {
        do {
            return try await currentStatus(of: feed)
        } catch {
            throw .cache(error)
        }
    }

    /// `feed`'s status with today's count of requests to its API.
    nonisolated func currentStatus(of feed: Feed) async throws(StoreError) -> FeedStatus {
        let day = RequestDay(now()).text
        return try await lanes.read { store throws(StoreError) in
            var status = try store.status(of: feed)
            if feed.isRemote {
                status.requestsToday = try store.requestCount(api: feed.apiName, day: day)
            }
            return status
        }
    }

    public nonisolated func entries(
        in feed: Feed, range: Range<Int>, filter: FeedFilter = .all
    ) async throws(ServiceError) -> [ArticleEntry] {
        try await reading { store throws(StoreError) in try store.entries(in: feed, range: range, filter: filter) }
    }

    public nonisolated func count(in feed: Feed, filter: FeedFilter) async throws(ServiceError) -> Int {
        try await reading { store throws(StoreError) in try store.count(in: feed, filter: filter) }
    }

    public nonisolated func feedCounts() async throws(ServiceError) -> [String: FeedCounts] {
        try await reading { store throws(StoreError) in try store.feedCounts() }
    }

    /// The cached article `reference` names: its uri (`nyt://…`) or its web address, as `lookupForm` reads it.
    public nonisolated func entry(matching reference: String) async throws(ServiceError) -> ArticleEntry? {
        let reference = Self.lookupForm(reference)
        return try await reading { store throws(StoreError) in
            reference.hasPrefix("nyt://") ? try store.entry(for: ArticleID(reference)) : try store.entry(forURL: reference)
        }
    }

    /// `reference` as a person pastes it, read as the cache stores it: without the spaces around it; a
    /// web address without its query and fragment (a share's `?smid=…`, `#comments`), and the NYT's own
    /// written `https://www.nytimes.com` when it came as `http://` or without `www.`.
    public static func lookupForm(_ reference: String) -> String {
        var text = reference.trimmed()
        guard !text.hasPrefix("nyt://") else { return text }
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<end]) }
        for other in ["http://www.nytimes.com/", "http://nytimes.com/", "https://nytimes.com/"] where text.hasPrefix(other) {
            text = "https://www.nytimes.com/" + text.dropFirst(other.count)
        }
        return text
    }

    public nonisolated func position(of id: ArticleID, in feed: Feed, filter: FeedFilter = .all) async throws(ServiceError) -> Int? {
        try await reading { store throws(StoreError) in try store.position(of: id, in: feed, filter: filter) }
    }

    /// Every search kept in the cache, the most recently refreshed first.
    public nonisolated func searchFeeds() async throws(ServiceError) -> [FeedStatus] {
        try await reading { store throws(StoreError) in try store.searchFeeds() }
    }

    public nonisolated func search(_ text: String, in feed: Feed?, limit: Int) async throws(ServiceError) -> [SearchHit] {
        try await reading { store throws(StoreError) in try store.search(text, in: feed, limit: limit) }
    }

    public nonisolated func nextUnread(in feed: Feed, after position: Int) async throws(ServiceError) -> Int? {
        try await reading { store throws(StoreError) in try store.firstUnreadPosition(in: feed, after: position) }
    }

    // MARK: - Changes

    /// Forgets a search: its feed, and its articles unless saved or listed by another feed.
    public nonisolated func forget(_ feed: Feed) async throws(ServiceError) {
        try await writing { store throws(StoreError) in _ = try store.forget(feed) }
    }

    public nonisolated func markAllRead(in feed: Feed, asShown shown: FeedStatus?) async throws(ServiceError) -> Bool {
        let date = now()
        return try await writing { store throws(StoreError) in try store.markAllRead(in: feed, at: date, asShown: shown) != nil }
    }

    public nonisolated func setRead(_ id: ArticleID, _ isRead: Bool) async throws(ServiceError) {
        let date = isRead ? now() : nil
        try await writing { store throws(StoreError) in try store.setRead(id, at: date) }
    }

    public nonisolated func setSaved(_ id: ArticleID, _ isSaved: Bool) async throws(ServiceError) {
        let date = isSaved ? now() : nil
        try await writing { store throws(StoreError) in try store.setSaved(id, at: date) }
    }

    // MARK: - Plumbing

    /// Runs `body` on a reading thread of the store.
    nonisolated func reading<T: Sendable>(
        _ body: @escaping @Sendable (ArticleStore) throws(StoreError) -> T
    ) async throws(ServiceError) -> T {
        do {
            return try await lanes.read(body)
        } catch {
            throw .cache(error)
        }
    }

    /// Runs `body` on the store's writing thread, after the writes asked before it.
    nonisolated func writing<T: Sendable>(
        _ body: @escaping @Sendable (ArticleStore) throws(StoreError) -> T
    ) async throws(ServiceError) -> T {
        do {
            return try await lanes.write(body)
        } catch {
            throw .cache(error)
        }
    }
}
