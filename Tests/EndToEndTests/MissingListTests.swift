import Foundation
import TestSupport
import Testing

/// `refresh` of every kind of feed against a 200 answer whose list is missing, not an array or `null`:
/// exit 69 and the feed as it was; the list under a key written with escapes is the list.
@Suite("A 200 answer without its list", .timeLimit(.minutes(4)))
struct MissingListTests {
    struct Endpoint: Sendable, CustomTestStringConvertible {
        let name: String
        let feed: [String]
        let path: String
        let fixture: String
        /// The keys from the root to the list.
        let listPath: [String]
        var testDescription: String { name }
    }

    static let endpoints = [
        Endpoint(
            name: "Top Stories", feed: ["--section", "world"], path: FakeNYTServer.topStoriesPath("world"),
            fixture: "topstories_world.json", listPath: ["results"]),
        Endpoint(
            name: "Most Popular", feed: ["--popular", "viewed", "--period", "1"], path: FakeNYTServer.mostPopularPath("viewed", days: 1),
            fixture: "mostpopular_viewed_1.json", listPath: ["results"]),
        Endpoint(
            name: "Newswire", feed: ["--latest"], path: FakeNYTServer.newswirePath, fixture: "newswire_all.json", listPath: ["results"]),
        Endpoint(
            name: "Article Search", feed: ["--query", "ukraine"], path: FakeNYTServer.articleSearchPath,
            fixture: "articlesearch_page0.json", listPath: ["response", "docs"]),
    ]

    /// The fixture with its list replaced by `value` (`nil` takes the key out), as JSON text.
    static func body(_ endpoint: Endpoint, list value: Any?) throws -> String {
        let root = try JSONSerialization.jsonObject(with: try Fixtures.data(endpoint.fixture)) as! [String: Any]
        func replacing(_ object: [String: Any], _ keys: ArraySlice<String>) -> [String: Any] {
            var object = object
            let key = keys.first!
            if keys.count == 1 {
                object[key] = value
            } else {
                object[key] = replacing(object[key] as! [String: Any], keys.dropFirst())
            }
            return object
        }
        let data = try JSONSerialization.data(withJSONObject: replacing(root, endpoint.listPath[...]), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The fixture with its list's key written with an escape: the same document to any JSON reader.
    static func escapedKeyBody(_ endpoint: Endpoint) throws -> String {
        let text = try body(
            endpoint,
            list: (try JSONSerialization.jsonObject(with: try Fixtures.data(endpoint.fixture)) as! [String: Any])
                .value(at: endpoint.listPath))
        let key = endpoint.listPath.last!
        let escaped = "\"\\u\(String(format: "%04x", key.unicodeScalars.first!.value))\(key.dropFirst())\":"
        #expect(text.components(separatedBy: "\"\(key)\":").count == 2, "the list's key appears once")
        return text.replacingOccurrences(of: "\"\(key)\":", with: escaped)
    }

    @Test(
        "Missing, not an array, null, or [] said to hold items: exit 69 and the list unchanged; under an escaped key it is read; [] empties the feed",
        arguments: endpoints)
    func missingList(endpoint: Endpoint) async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        server.setBody(try Fixtures.data(endpoint.fixture), for: endpoint.path)
        let refresh = ["refresh"] + endpoint.feed + ["--api-base-url", server.baseURL.absoluteString]
        let list = ["list"] + endpoint.feed + ["--json", "--limit", "500"]

        let first = try await home.run(refresh)
        #expect(first.status == 0, "\(first.errorOutput)")
        let before = try await home.run(list)
        let cached = try ListedArticle.decode(before.output)
        #expect(cached.count >= 3)

        let malformed: [(String, Any?)] = [
            ("missing", nil), ("an object", [String: Any]()), ("a string", "none"), ("null", NSNull()),
            ("an object of items", ["0": ["title": "x", "uri": "nyt://article/x"]]),
        ]
        for (what, value) in malformed {
            server.setBody(Data(try Self.body(endpoint, list: value).utf8), for: endpoint.path)
            let result = try await home.run(refresh)
            #expect(result.status == 69, "\(endpoint.name), list \(what): \(result.output) \(result.errorOutput)")
            #expect(
                result.errorOutput.contains("NYT sent a response that could not be read. The cache keeps \(cached.count) articles."),
                "\(endpoint.name), list \(what): \(result.errorOutput)")
            #expect(try await home.run(list).output == before.output, "\(endpoint.name), list \(what): the feed is as it was")
        }

        server.setBody(Data(try Self.escapedKeyBody(endpoint).utf8), for: endpoint.path)
        let escaped = try await home.run(refresh)
        #expect(escaped.status == 0, "\(endpoint.name), escaped key: \(escaped.errorOutput)")
        #expect(escaped.output.contains(": \(cached.count) articles, 0 new"), "\(endpoint.name), escaped key: \(escaped.output)")
        #expect(try await home.run(list).output == before.output, "\(endpoint.name), escaped key: the same articles")

        let emptied = try Self.body(endpoint, list: [Any]())
        if emptied.contains(#""num_results":"#) {
            server.setBody(Data(emptied.utf8), for: endpoint.path)
            let counted = try await home.run(refresh)
            #expect(counted.status == 69, "\(endpoint.name), [] said to hold items: \(counted.errorOutput)")
            #expect(try await home.run(list).output == before.output, "\(endpoint.name), [] said to hold items: the list unchanged")
        }
        let uncounted = emptied.replacingOccurrences(of: #""num_results":\d+"#, with: #""num_results":0"#, options: .regularExpression)
        server.setBody(Data(uncounted.utf8), for: endpoint.path)
        let empty = try await home.run(refresh)
        #expect(empty.status == 0, "\(endpoint.name), []: \(empty.errorOutput)")
        #expect(empty.output.contains(": 0 articles"), "\(endpoint.name), []: \(empty.output)")
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The value at `path` of nested objects.
    fileprivate func value(at path: [String]) -> Any? {
        var current: Any? = self
        for key in path { current = (current as? [String: Any])?[key] }
        return current
    }
}
