import Foundation
import NewsCore
import Synchronization
import TestSupport
import Testing

@testable import NYTAPI

@Suite("Archive months", .timeLimit(.minutes(2)))
struct ArchiveDecodingTests {

    static let latest = ArchiveMonth(containingDay: 21_000)
    static let march2024 = ArchiveMonth("2024-03", latest: latest)!

    /// Decodes `body` as `month`'s and gathers the batches it was handed on in.
    static func decode(_ body: Data, month: ArchiveMonth = march2024, batchSize: Int = 100) throws -> (ArchiveSummary, [[Article]]) {
        let batches = Mutex<[[Article]]>([])
        let summary = try NYTClient.decodeArchive(body, month: month, batchSize: batchSize) { articles, _ in
            batches.withLock { $0.append(articles) }
        }
        return (summary, batches.withLock { $0 })
    }

    @Test(
        "Both doc shapes: every readable doc once, in batches, with nulls and missing fields read as empty",
        arguments: [ArchiveMonthJSON.Shape.before2025, .from2025])
    func shapes(shape: ArchiveMonthJSON.Shape) throws {
        let body = ArchiveMonthJSON.body(year: 2024, month: 3, count: 1_234, shape: shape)
        let (summary, batches) = try Self.decode(body)
        let articles = batches.flatMap { $0 }
        #expect(summary.documentCount == 1_234)
        #expect(summary.articleCount == ArchiveMonthJSON.readableCount(1_234))
        #expect(articles.count == summary.articleCount)
        #expect(summary.skippedCount == 1_234 - summary.articleCount)
        #expect(summary.hits == 1_234)
        #expect(summary.byteCount == body.count)
        #expect(batches.dropLast().allSatisfy { $0.count == 100 })
        #expect(Set(articles.map(\.id)).count == articles.count)
        let first = try #require(articles.first)
        #expect(first.id.rawValue == ArchiveMonthJSON.uri(year: 2024, month: 3, index: 0))
        #expect(first.title.hasPrefix("Archive202403 story 0: "))
        #expect(first.title.hasSuffix("— “Quoted” \"test\" café"))
        #expect(!first.leadParagraph.isEmpty)
        #expect(articles[3].leadParagraph.isEmpty || articles[3].leadParagraph == articles[3].abstract, "no lead_paragraph")
        #expect(articles[4].byline.isEmpty, "a null byline")
        #expect(articles.allSatisfy { (1_709_251_200..<1_711_929_600).contains($0.publishedDate.timeIntervalSince1970) }, "March 2024")
    }

    @Test("Streamed from the server a few bytes at a time, a 25 MB month passes the cap other endpoints keep at 20 MB")
    func largeMonthThroughTheTransport() async throws {
        let server = try FakeNYTServer(servesFixtures: false)
        let body = ArchiveMonthJSON.body(year: 2024, month: 2, count: 6_500, multimediaItems: 8)
        #expect(body.count > 21 << 20)
        server.setBody(body, for: FakeNYTServer.archivePath(year: 2024, month: 2))
        server.setBody(body, for: FakeNYTServer.topStoriesPath("world"))
        let client = try NYTClient(apiKey: "archive-key", baseURL: server.baseURL, transport: CurlTransport(), timeout: 60)
        let month = try #require(ArchiveMonth("2024-02", latest: ArchiveMonth(containingDay: 21_000)))
        let stored = Mutex(0)
        let summary = try await client.archive(month) { articles, _ in stored.withLock { $0 += articles.count } }
        #expect(summary.articleCount == ArchiveMonthJSON.readableCount(6_500))
        #expect(stored.withLock { $0 } == summary.articleCount)
        #expect(server.requests.first?.path == "/svc/archive/v1/2024/2.json")
        await #expect(throws: APIError.malformed(reason: "the body is larger than 20 MB")) {
            _ = try await client.topStories(.world)
        }
    }

    @Test("A batch that cannot be kept stops the transfer")
    func sinkFailure() throws {
        struct Full: Error {}
        let body = ArchiveMonthJSON.body(year: 2024, month: 3, count: 400)
        let handed = Mutex(0)
        #expect(throws: APIError.self) {
            _ = try NYTClient.decodeArchive(body, month: Self.march2024, batchSize: 100) { articles, _ in
                handed.withLock { $0 += 1 }
                throw Full()
            }
        }
        #expect(handed.withLock { $0 } == 1)
    }

    /// A doc of the 2025 shape dated `date` (or with no date when nil).
    static func doc(_ index: Int, date: String?) -> String {
        let date = date.map { #","pub_date":"\#($0)""# } ?? ""
        return
            #"{"uri":"nyt://article/doc-\#(index)","web_url":"https://www.nytimes.com/\#(index).html","headline":{"main":"Doc \#(index)"}\#(date)}"#
    }

    static func month(_ docs: [String], hits: String) -> Data {
        Data(#"{"copyright":"c","response":{"docs":[\#(docs.joined(separator: ","))],"meta":{"hits":\#(hits)}}}"#.utf8)
    }

    @Test("Docs dated outside the month, in every time zone, are left out and counted; a doc without a date is the month's")
    func outsideTheMonth() throws {
        let docs = [
            Self.doc(0, date: "2024-03-15T12:00:00+0000"),
            Self.doc(1, date: "2024-04-01T03:59:00+0000"),  // 23:59 on 31 March in New York
            Self.doc(2, date: "2024-02-29T10:00:00+0000"),  // already 1 March at UTC+14
            Self.doc(3, date: "2024-04-02T00:00:00+0000"),
            Self.doc(4, date: "2019-03-15T12:00:00+0000"),
            Self.doc(5, date: "2024-02-29T09:59:00+0000"),
            Self.doc(6, date: nil),
        ]
        let (summary, batches) = try Self.decode(Self.month(docs, hits: "7"))
        let articles = batches.flatMap { $0 }
        #expect(articles.map(\.id.rawValue) == [0, 1, 2, 6].map { "nyt://article/doc-\($0)" })
        #expect(summary.outsideCount == 3)
        #expect(summary.documentCount == 7)
        #expect(summary.articleCount == 4)
        #expect(summary.skippedCount == 0)
        #expect(summary.missingCount == 0, "every doc the NYT counts arrived")
        #expect(articles.last?.publishedDate == Date(timeIntervalSince1970: 1_709_251_200), "undated: 1 March 2024, 00:00 UTC")
    }

    @Test("A month all of whose docs are dated elsewhere is read, with nothing in it")
    func allOutside() throws {
        let (summary, batches) = try Self.decode(Self.month([Self.doc(0, date: "2023-03-15T12:00:00+0000")], hits: "1"))
        #expect(batches.isEmpty)
        #expect(summary.outsideCount == 1)
        #expect(summary.articleCount == 0)
    }

    @Test(
        "Docs the NYT counts but did not send are missing; a count of none or a negative one is unknown",
        arguments: [
            ("5", 3, 2), ("3", 3, 0), ("2", 3, 0), ("-5", 3, 0), ("null", 3, 0), (#""5""#, 3, 0), ("0", 0, 0), ("5", 0, 5),
        ] as [(String, Int, Int)])
    func missing(hits: String, sent: Int, missing: Int) throws {
        let docs = (0..<sent).map { Self.doc($0, date: "2024-03-1\($0)T12:00:00+0000") }
        let (summary, _) = try Self.decode(Self.month(docs, hits: hits))
        #expect(summary.documentCount == sent)
        #expect(summary.missingCount == missing)
        if hits.hasPrefix("-") { #expect(summary.hits == nil) }
    }

    @Test(
        "A month without its docs, or with docs that are not a list, is malformed whatever its hits",
        arguments: [
            #"{"response":{"meta":{"hits":5}}}"#, #"{"response":{"docs":{},"meta":{"hits":5}}}"#,
            #"{"response":{"docs":null,"meta":{"hits":5}}}"#, #"{"response":null}"#, #"{"copyright":"c"}"#,
        ])
    func withoutDocs(body: String) {
        #expect(throws: APIError.self) { _ = try Self.decode(Data(body.utf8)) }
    }

    @Test("A month cut off in the middle of a doc is an error, not a short month")
    func truncated() throws {
        let body = ArchiveMonthJSON.body(year: 2024, month: 3, count: 300)
        #expect(throws: APIError.self) {
            _ = try Self.decode(body.prefix(body.count / 2))
        }
    }
}

@Suite("Counts of matches from the server")
struct HitCountBoundsTests {
    @Test(
        "A negative count of matches is unknown, an absurd one cut to 100,000,000",
        arguments: [
            ("-5", nil), ("-9223372036854775808", nil), ("9223372036854775807", 100_000_000), ("2417", 2_417), ("0", 0),
        ] as [(String, Int?)])
    func bounded(reported: String, expected: Int?) throws {
        let body = Data(#"{"status":"OK","response":{"docs":[],"meta":{"hits":\#(reported)}}}"#.utf8)
        let page = try NYTClient.decodeArticleSearch(body, fetchedDate: Date(timeIntervalSince1970: 0))
        #expect(page.hits == expected)
        let month = try NYTClient.decodeArchive(body, month: ArchiveDecodingTests.march2024) { _, _ in }
        #expect(month.hits == expected)
    }
}
