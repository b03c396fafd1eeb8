import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import TestSupport
import Testing

/// A refresh cancelled while its answer is on the way writes nothing, whatever the kind of feed: each kind
/// stores its answer on its own path (Top Stories staged a batch at a time, the others whole, an archive
/// month set aside a batch at a time and then written and completed), and each path has to check.
@Suite("Cancelled refreshes of every kind of feed", .timeLimit(.minutes(1)))
struct CancelledRefreshTests {
    static let march = ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!

    /// A kind of feed and an answer for it.
    struct Kind: Sendable, CustomTestStringConvertible {
        let feed: Feed
        let body: @Sendable () throws -> Data
        var testDescription: String { feed.key }
    }

    static let kinds: [Kind] = [
        Kind(feed: .topStories(.world)) { try Fixtures.data("topstories_world.json") },
        Kind(feed: .search(SearchQuery(text: "ukraine"))) { try Fixtures.data("articlesearch_page0.json") },
        Kind(feed: .latest) { try Fixtures.data("newswire_all.json") },
        Kind(feed: .mostPopular(.viewed, .day)) { try Fixtures.data("mostpopular_viewed_1.json") },
        Kind(feed: .archive(march)) { archiveBody },
    ]

    /// Three docs of March 2024, all the NYT counts for it.
    static let archiveBody: Data = {
        let docs = (0..<3).map { index in
            #"{"uri":"nyt://article/m-\#(index)","web_url":"https://www.nytimes.com/m/\#(index).html","headline":{"main":"March \#(index)"},"pub_date":"2024-03-10T12:00:00+0000"}"#
        }
        return Data(#"{"copyright":"c","response":{"docs":[\#(docs.joined(separator: ","))],"meta":{"hits":3}}}"#.utf8)
    }()

    /// Whether `feed` holds a refresh's answer: its articles, or for an archive month its completion (what
    /// a stopped import set aside is forgotten: the month holds none of it either).
    static func isStored(_ feed: Feed, in service: ReaderService) async throws -> Bool {
        if case .archive(let month) = feed, try await service.isComplete(month) { return true }
        return try await service.status(of: feed).count > 0
    }

    @Test(
        "Cancelling the caller while the answer is on the way: cancelled, nothing stored; uncancelled, stored",
        arguments: kinds)
    func callerCancels(kind: Kind) async throws {
        let body = try kind.body()
        let transport = ScriptedTransport(bodies: [body, body], holding: true)
        let service = ReaderService(
            store: try ArticleStore(inMemoryWith: .standard), client: try NYTClient(apiKey: "test-key", transport: transport),
            policy: RefreshPolicy(requestSpacing: .zero)
        )
        let cancelled = Task { await service.refresh(kind.feed) }
        try await transport.waitForRequests(1)
        cancelled.cancel()
        transport.release()
        #expect(await cancelled.value.failure == .cancelled)
        #expect(try await !Self.isStored(kind.feed, in: service), "a cancelled refresh of \(kind.feed.key) was stored")

        // The same answer, not cancelled, is stored: the check above is about the cancel, not the answer.
        let refreshed = Task { await service.refresh(kind.feed) }
        try await transport.waitForRequests(2)
        transport.release()
        #expect(await refreshed.value.failure == nil)
        #expect(try await Self.isStored(kind.feed, in: service))
    }

    @Test("Cancelling the caller while a search's next page is on the way: the cached pages stay; uncancelled, it is added")
    func nextPageCancelled() async throws {
        let feed = Feed.search(SearchQuery(text: "ukraine"))
        let page0 = try Fixtures.data("articlesearch_page0.json")
        let page1 = try Fixtures.data("articlesearch_2025shape.json")
        let transport = ScriptedTransport(bodies: [page0, page1, page1], holding: true)
        let service = ReaderService(
            store: try ArticleStore(inMemoryWith: .standard), client: try NYTClient(apiKey: "test-key", transport: transport),
            policy: RefreshPolicy(searchPages: 1, requestSpacing: .zero)
        )
        let first = Task { await service.refresh(feed) }
        try await transport.waitForRequests(1)
        transport.release()
        #expect(await first.value.failure == nil)
        let pages = try await service.status(of: feed).pageCount
        #expect(pages == 1)

        let cancelled = Task { await service.loadMore(feed) }
        try await transport.waitForRequests(2)
        cancelled.cancel()
        transport.release()
        #expect(await cancelled.value.failure == .cancelled)
        #expect(try await service.status(of: feed).pageCount == pages, "a cancelled next page was stored")

        let more = Task { await service.loadMore(feed) }
        try await transport.waitForRequests(3)
        transport.release()
        #expect(await more.value.failure == nil)
        #expect(try await service.status(of: feed).pageCount == pages + 1)
    }
}
