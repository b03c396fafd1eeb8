import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import ReaderService
import TestSupport
import Testing

/// Importing an archive month through the service: complete only when the response held every doc the NYT
/// counts for it.
@Suite("Archive months imported through the service")
struct ArchiveImportTests {
    static let march = ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!
    static let path = FakeNYTServer.archivePath(year: 2024, month: 3)

    static func doc(_ index: Int, date: String = "2024-03-10T12:00:00+0000") -> String {
        #"{"uri":"nyt://article/m-\#(index)","web_url":"https://www.nytimes.com/m/\#(index).html","headline":{"main":"March \#(index)"},"pub_date":"\#(date)"}"#
    }

    static func body(docs: String?, hits: String) -> Data {
        let docs = docs.map { #""docs":\#($0),"# } ?? ""
        return Data(#"{"copyright":"c","response":{\#(docs)"meta":{"hits":\#(hits)}}}"#.utf8)
    }

    static func list(_ count: Int) -> String {
        "[" + (0..<count).map { doc($0) }.joined(separator: ",") + "]"
    }

    func service(_ transport: PathTransport) throws -> ReaderService {
        let client = try NYTClient(apiKey: "test-key", transport: transport)
        return ReaderService(store: try ArticleStore(inMemoryWith: .standard), client: client, policy: RefreshPolicy(requestSpacing: .zero))
    }

    @Test(
        "A month without its docs, or with docs that are not a list, fails and is not complete", arguments: [nil, "{}", "null", #""none""#])
    func withoutDocs(docs: String?) async throws {
        let transport = PathTransport([Self.path: Self.body(docs: docs, hits: "5")])
        let service = try service(transport)
        let imported = await service.importArchiveMonth(Self.march, force: false) { _ in }
        #expect(imported.outcome.failure == .malformed)
        #expect(imported.summary == nil)
        #expect(try await !service.isComplete(Self.march))
        #expect(try await service.archiveMonths().isEmpty)
        _ = await service.importArchiveMonth(Self.march, force: false) { _ in }
        #expect(transport.requests.count == 2, "the next run asks again")
    }

    @Test("A month short of its hits keeps what arrived, is not complete, and says what was short; whole, it completes")
    func short() async throws {
        let transport = PathTransport([Self.path: Self.body(docs: Self.list(3), hits: "5")])
        let service = try service(transport)
        let imported = await service.importArchiveMonth(Self.march, force: false) { _ in }
        #expect(imported.outcome.failure == .malformed)
        #expect(imported.summary?.documentCount == 3)
        #expect(imported.summary?.hits == 5)
        #expect(imported.summary?.missingCount == 2)
        #expect(try await !service.isComplete(Self.march))
        #expect(try await service.archiveMonths().isEmpty)
        #expect(try await service.entry(matching: "nyt://article/m-2") != nil, "the articles that arrived are kept")

        transport.set(Self.body(docs: Self.list(5), hits: "5"), for: Self.path)
        let again = await service.importArchiveMonth(Self.march, force: false) { _ in }
        #expect(again.outcome.changes?.total == 5)
        #expect(again.summary?.missingCount == 0)
        #expect(try await service.isComplete(Self.march))
        #expect(try await service.archiveMonths().map(\.articleCount) == [5])
    }

    @Test("Imported under a clock days ahead of the server's, the month under way is dated by the server's clock: not whole once it ends")
    func clockAhead() async throws {
        let transport = PathTransport()
        transport.set(
            HTTPResponse(status: 200, headers: ["Date": "Thu, 28 Mar 2024 12:00:00 GMT"], body: Self.body(docs: Self.list(5), hits: "5")),
            for: Self.path)
        let client = try NYTClient(apiKey: "test-key", transport: transport)
        let store = try ArticleStore(inMemoryWith: .standard)
        let april3 = Date(timeIntervalSince1970: 1_712_145_600)  // 2024-04-03 12:00 UTC, five days ahead
        let service = ReaderService(store: store, client: client, policy: RefreshPolicy(requestSpacing: .zero), now: { april3 })
        let imported = await service.importArchiveMonth(Self.march, force: false) { _ in }
        #expect(imported.outcome.changes?.total == 5)
        #expect(try store.archiveMonths().map(\.completedDate) == [Date(timeIntervalSince1970: 1_711_627_200)], "the server's time")
        #expect(try !store.isComplete(Self.march, at: Date(timeIntervalSince1970: 1_713_000_000)), "imported before March ended")
    }

    @Test("A negative hits is unknown: the month completes with what arrived, its count unknown")
    func negativeHits() async throws {
        let service = try service(PathTransport([Self.path: Self.body(docs: Self.list(3), hits: "-5")]))
        let imported = await service.importArchiveMonth(Self.march, force: false) { _ in }
        #expect(imported.outcome.changes?.total == 3)
        let month = try #require(try await service.archiveMonths().first)
        #expect(month.hits == nil)
        #expect(month.articleCount == 3)
    }

    @Test("Docs dated outside the month are not filed under it, and are counted")
    func outside() async throws {
        let docs =
            "["
            + [Self.doc(0), Self.doc(1, date: "2023-07-01T12:00:00+0000"), Self.doc(2), Self.doc(3, date: "2024-05-01T00:00:00+0000")]
            .joined(separator: ",") + "]"
        let service = try service(PathTransport([Self.path: Self.body(docs: docs, hits: "4")]))
        let imported = await service.importArchiveMonth(Self.march, force: false) { _ in }
        #expect(imported.outcome.changes?.total == 2)
        #expect(imported.summary?.outsideCount == 2)
        #expect(try await service.isComplete(Self.march))
        let listed = try await service.entries(in: .archive(Self.march), range: 0..<10).map(\.article.id.rawValue)
        #expect(listed == ["nyt://article/m-0", "nyt://article/m-2"])
        #expect(try await service.entry(matching: "nyt://article/m-1") == nil)
    }
}
