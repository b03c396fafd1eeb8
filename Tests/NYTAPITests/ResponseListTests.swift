import Foundation
import NYTAPI
import NewsCore
import TestSupport
import Testing

/// The list an answer's items sit in: it must be there and be an array, under its key however the key is
/// written; an empty array is a valid answer, a missing list is not.
@Suite("The list of an answer")
struct ResponseListTests {
    static let fetched = Date(timeIntervalSince1970: 1_709_900_000)
    static let march = ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!

    /// The decoders of the client, each for its response shape.
    enum Shape: String, CaseIterable, Sendable {
        case topStories, newswire, mostPopular, articleSearch, archive

        /// One readable item of this shape.
        var item: String {
            switch self {
            case .topStories, .newswire:
                return
                    #"{"uri":"nyt://article/one","url":"https://www.nytimes.com/one.html","title":"One","published_date":"2024-03-05T05:00:00-05:00"}"#
            case .mostPopular:
                return #"{"uri":"nyt://article/one","url":"https://www.nytimes.com/one.html","title":"One","published_date":"2024-03-05"}"#
            case .articleSearch, .archive:
                return
                    #"{"uri":"nyt://article/one","web_url":"https://www.nytimes.com/one.html","headline":{"main":"One"},"pub_date":"2024-03-05T10:00:00+0000"}"#
            }
        }

        /// The list's key and where it goes.
        var key: String { self == .articleSearch || self == .archive ? "docs" : "results" }
        var listName: String { self == .articleSearch || self == .archive ? "response.docs" : "results" }

        /// A body with `member` (e.g. `"results":[…]`, or nothing) where the list belongs, saying it holds
        /// `count` items.
        func body(_ member: String?, count: Int = 1) -> String {
            let members = [member].compactMap { $0 }
            switch self {
            case .topStories, .newswire, .mostPopular:
                return "{" + (["\"status\":\"OK\""] + members + ["\"num_results\":\(count)"]).joined(separator: ",") + "}"
            case .articleSearch:
                return #"{"status":"OK","response":{"# + (members + [#""meta":{"hits":\#(count)}"#]).joined(separator: ",") + "}}"
            case .archive:
                return #"{"copyright":"c","response":{"# + (members + [#""meta":{"hits":\#(count)}"#]).joined(separator: ",") + "}}"
            }
        }

        /// The articles the client reads from `body`.
        func articles(_ body: String) throws(APIError) -> [Article] {
            let data = Data(body.utf8)
            switch self {
            case .topStories: return try NYTClient.decodeTopStories(data, section: .world, fetchedDate: fetched).articles
            case .newswire: return try NYTClient.decodeLatest(data, fetchedDate: fetched).articles
            case .mostPopular: return try NYTClient.decodeMostPopular(data, fetchedDate: fetched).articles
            case .articleSearch: return try NYTClient.decodeArticleSearch(data, fetchedDate: fetched).articles
            case .archive:
                var articles: [Article] = []
                _ = try NYTClient.decodeArchive(data, month: march, batchSize: 1) { batch, _ in articles += batch }
                return articles
            }
        }
    }

    @Test("A missing list is malformed, not an empty one", arguments: Shape.allCases)
    func missing(shape: Shape) {
        #expect(throws: APIError.malformed(reason: "no \(shape.listName) list")) { try shape.articles(shape.body(nil)) }
    }

    @Test("A list that is not an array is malformed", arguments: Shape.allCases)
    func notAnArray(shape: Shape) {
        for value in ["null", "{}", #""[]""#, "0", "true", "{\"0\":\(shape.item)}"] {
            #expect(throws: APIError.malformed(reason: "\(shape.listName) is not a list"), "\(value)") {
                try shape.articles(shape.body("\"\(shape.key)\":\(value)"))
            }
        }
    }

    @Test("An empty array is an answer with no articles", arguments: Shape.allCases)
    func empty(shape: Shape) throws {
        #expect(try shape.articles(shape.body("\"\(shape.key)\":[]", count: 0)).isEmpty)
    }

    @Test(
        "An empty array said to hold items (num_results) is malformed: taken as it is, it would empty the feed",
        arguments: [Shape.topStories, .newswire, .mostPopular])
    func emptyButCounted(shape: Shape) {
        #expect(throws: APIError.malformed(reason: "the answer counts 8 results but lists none")) {
            try shape.articles(shape.body("\"\(shape.key)\":[]", count: 8))
        }
        #expect(throws: Never.self, "a count that is no number is no count") {
            try shape.articles(shape.body("\"\(shape.key)\":[]", count: 0).replacingOccurrences(of: ":0}", with: ":\"8\"}"))
        }
    }

    @Test("A key written with escapes is the list's key", arguments: Shape.allCases)
    func escapedKey(shape: Shape) throws {
        let plain = try shape.articles(shape.body("\"\(shape.key)\":[\(shape.item)]"))
        #expect(plain.map(\.title) == ["One"])
        let escapedKey = shape.key == "docs" ? #""d\u006fcs""# : #""res\u0075lts""#
        #expect(try shape.articles(shape.body("\(escapedKey):[\(shape.item)]")) == plain)
        if shape.key == "docs" {
            let body = shape.body("\"docs\":[\(shape.item)]").replacingOccurrences(of: #""response""#, with: #""\u0072esponse""#)
            #expect(try shape.articles(body) == plain, "an escaped key on the way to the list")
        }
    }

    @Test("A list under a key given twice is malformed", arguments: Shape.allCases)
    func repeatedKey(shape: Shape) {
        #expect(throws: APIError.self) {
            try shape.articles(shape.body("\"\(shape.key)\":[],\"\(shape.key)\":[\(shape.item)]"))
        }
    }

    @Test("A status other than OK is told before the list is looked for")
    func statusFirst() {
        for body in [#"{"status":"ERROR","errors":["Internal error"]}"#, #"{"status":"ERROR","results":null}"#] {
            #expect(throws: APIError.apiStatus("ERROR")) { try Shape.topStories.articles(body) }
        }
        #expect(throws: APIError.apiStatus("ERROR")) { try Shape.articleSearch.articles(#"{"status":"ERROR","errors":["x"]}"#) }
        #expect(throws: APIError.apiStatus("missing")) { try Shape.mostPopular.articles(#"{"results":[]}"#) }
        #expect(throws: APIError.apiStatus("ERROR")) { try Shape.archive.articles(#"{"status":"ERROR","response":{"docs":[]}}"#) }
        #expect(throws: APIError.malformed(reason: "no response.docs list")) { try Shape.archive.articles(#"{"copyright":"c"}"#) }
    }

    @Test("Through the network: each endpoint's answer without its list fails, with an escaped key it is read")
    func throughTheClient() async throws {
        let server = try FakeNYTServer(servesFixtures: false)
        let client = try NYTClient(apiKey: "list-key", baseURL: server.baseURL, transport: CurlTransport(), timeout: 10)
        let paths: [(Shape, String)] = [
            (.topStories, FakeNYTServer.topStoriesPath("world")), (.newswire, FakeNYTServer.newswirePath),
            (.mostPopular, FakeNYTServer.mostPopularPath("viewed", days: 1)), (.articleSearch, FakeNYTServer.articleSearchPath),
            (.archive, FakeNYTServer.archivePath(year: 2024, month: 3)),
        ]
        for (shape, path) in paths {
            let escapedKey = shape.key == "docs" ? #""d\u006fcs""# : #""res\u0075lts""#
            let cases: [(String?, Result<Int, APIError>)] = [
                (nil, .failure(.malformed(reason: "no \(shape.listName) list"))),
                ("\"\(shape.key)\":null", .failure(.malformed(reason: "\(shape.listName) is not a list"))),
                ("\(escapedKey):[\(shape.item)]", .success(1)),
            ]
            for (member, expected) in cases {
                server.setBody(Data(shape.body(member).utf8), for: path)
                let result: Result<Int, APIError>
                do {
                    switch shape {
                    case .topStories: result = .success(try await client.topStories(.world).articles.count)
                    case .newswire: result = .success(try await client.latest().articles.count)
                    case .mostPopular: result = .success(try await client.mostPopular(.viewed, period: .day).articles.count)
                    case .articleSearch: result = .success(try await client.articleSearch(SearchQuery(text: "one"), page: 0).articles.count)
                    case .archive: result = .success(try await client.archive(Self.march) { _, _ in }.articleCount)
                    }
                } catch {
                    result = .failure(error)
                }
                #expect(result == expected, "\(shape) \(member ?? "without a list")")
            }
        }
    }
}
