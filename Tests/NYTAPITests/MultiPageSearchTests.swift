import Foundation
import NYTAPI
import NewsCore
import TestSupport
import Testing

@Suite("Article Search over several pages")
struct MultiPageSearchTests {
    let query = SearchQuery(text: "election", beginDate: "20240101")

    /// Articles numbered `page * 100 + index` so every page holds different ones.
    static func page(_ page: Int, count: Int) -> [Article] {
        (0..<count).map { ArticleFactory.article(page * 100 + $0) }
    }

    /// A server answering Article Search with `counts[page]` documents per page (0 past the list).
    static func server(counts: [Int]) throws -> FakeNYTServer {
        let server = try FakeNYTServer()
        server.setResponder(for: FakeNYTServer.articleSearchPath) { request in
            let number = Int(request.query["page"] ?? "") ?? -1
            let count = counts.indices.contains(number) ? counts[number] : 0
            return .json(ArticleSearchJSON.body(articles: page(number, count: count), hits: counts.reduce(0, +), offset: number * 10))
        }
        return server
    }

    func client(_ server: FakeNYTServer) throws -> NYTClient {
        try NYTClient(apiKey: "k", baseURL: server.baseURL, transport: CurlTransport(), timeout: 5)
    }

    @Test("Pages are fetched in order with the spacing between them")
    func inOrderWithSpacing() async throws {
        let server = try Self.server(counts: [10, 10, 10, 10])
        let clock = ContinuousClock()
        let start = clock.now
        let snapshot = try await client(server).articleSearch(query, pages: 3, spacing: .milliseconds(150))
        #expect(clock.now - start >= .milliseconds(300))
        #expect(server.requests.map { $0.query["page"] } == ["0", "1", "2"])
        #expect(server.requests.allSatisfy { $0.query["q"] == "election" && $0.query["begin_date"] == "20240101" })
        #expect(snapshot.feed == .search(query))
        #expect(snapshot.articles.map(\.id) == (Self.page(0, count: 10) + Self.page(1, count: 10) + Self.page(2, count: 10)).map(\.id))
        #expect(snapshot.articles.first?.title == "Article 0")
        #expect(snapshot.articles.last?.title == "Article 209")
    }

    @Test("A short page ends the search early")
    func stopsOnShortPage() async throws {
        let server = try Self.server(counts: [10, 4, 10])
        let snapshot = try await client(server).articleSearch(query, pages: 5, spacing: .zero)
        #expect(server.requests.map { $0.query["page"] } == ["0", "1"])
        #expect(snapshot.articles.count == 14)
    }

    @Test("An article repeated on a later page keeps its first place")
    func duplicatesKeptOnce() async throws {
        let server = try FakeNYTServer()
        let first = Self.page(0, count: 10)
        let second = Array(first.suffix(2)) + Self.page(1, count: 8)
        server.setResponder(for: FakeNYTServer.articleSearchPath) { request in
            .json(ArticleSearchJSON.body(articles: request.query["page"] == "0" ? first : second))
        }
        let snapshot = try await client(server).articleSearch(query, pages: 2, spacing: .zero)
        #expect(snapshot.articles.map(\.id) == (first + Self.page(1, count: 8)).map(\.id))
    }

    @Test("No more than pages 0 … 99 are asked for")
    func hundredPagesAtMost() async throws {
        let server = try Self.server(counts: Array(repeating: 10, count: 120))
        let snapshot = try await client(server).articleSearch(query, pages: 500, spacing: .zero)
        #expect(server.requests.count == 100)
        #expect(server.requests.last?.query["page"] == "99")
        #expect(snapshot.articles.count == 1_000)
    }

    @Test("A failing page fails the whole search")
    func failingPage() async throws {
        let server = try FakeNYTServer()
        server.setResponder(for: FakeNYTServer.articleSearchPath) { request in
            request.query["page"] == "0"
                ? .json(ArticleSearchJSON.body(articles: Self.page(0, count: 10)))
                : .json(
                    #"{"fault":{"faultstring":"quota","detail":{"errorcode":"policies.ratelimit.QuotaViolation"}}}"#, status: 429,
                    headers: ["Retry-After": "7"])
        }
        await #expect(throws: APIError.rateLimited(retryAfter: 7)) {
            try await client(server).articleSearch(query, pages: 3, spacing: .zero)
        }
        #expect(server.requests.count == 2)
    }

    @Test("Cancelling during the spacing stops the search")
    func cancelledDuringSpacing() async throws {
        let server = try Self.server(counts: [10, 10])
        let client = try client(server)
        let query = query
        // A spacing far longer than the wait for the first request may take on a loaded machine: the second
        // request is asked for only if the cancel is not heard.
        let task = Task { try await client.articleSearch(query, pages: 2, spacing: .seconds(600)) }
        #expect(await server.waitForRequests(1, timeout: 120))
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
        #expect(server.requests.count == 1)
    }
}
