import Foundation
import NYTAPI
import NewsCore
import TestSupport
import Testing

/// What the server receives for words and keys with characters a query string gives meaning to.
@Suite("Query values as the server reads them", .timeLimit(.minutes(1)))
struct QueryEncodingTests {
    @Test(
        "Words and the key arrive exactly as typed",
        arguments: [
            "c++ tips", "a&b=c", "100% #1", "tom+jerry", "café 東京 😀", "semi;colon/slash?", "~._-",
        ])
    func arrivesIntact(words: String) async throws {
        let server = try FakeNYTServer()
        let key = "key+with/odd=chars&more"
        let client = try NYTClient(apiKey: key, baseURL: server.baseURL, transport: CurlTransport(), timeout: 5)
        _ = try? await client.articleSearch(SearchQuery(text: words), page: 0)
        let request = try #require(server.requests.first)
        #expect(request.query["q"] == words)
        #expect(request.query["api-key"] == key)
        let encodedQuery = request.target.split(separator: "?", maxSplits: 1).last.map(String.init) ?? ""
        #expect(!encodedQuery.contains("+"), "no raw + in \(encodedQuery)")
    }
}
