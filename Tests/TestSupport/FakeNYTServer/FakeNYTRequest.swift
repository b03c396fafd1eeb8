import Foundation

/// One request the fake NYT server received.
public struct FakeNYTRequest: Sendable, Hashable {
    /// `GET`, usually.
    public var method: String
    /// The path without the query, e.g. `/svc/topstories/v2/world.json`.
    public var path: String
    /// The query parameters, decoded as a web server does (`+` is a space, `%2B` a plus); a repeated name
    /// keeps its last value.
    public var query: [String: String]
    /// The request target as sent (path and query, still percent-encoded).
    public var target: String
    /// The header fields, names lowercased.
    public var headers: [String: String]

    /// A request for `path` with `query`; the target is derived from both.
    public init(method: String = "GET", path: String, query: [String: String] = [:], target: String? = nil, headers: [String: String] = [:])
    {
        self.method = method
        self.path = path
        self.query = query
        self.target = target ?? path
        self.headers = headers
    }

    /// Parses the head of an HTTP/1.1 request (request line and header fields); nil when it is not one.
    init?(head: String) {
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        let target = String(requestLine[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        // As web servers read a query (form encoding): a raw `+` is a space, only `%2B` is a plus.
        for pair in (components?.percentEncodedQuery ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            query[decoded(parts[0])] = parts.count > 1 ? decoded(parts[1]) : ""
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.init(
            method: String(requestLine[0]),
            path: components?.percentEncodedPath ?? target,
            query: query,
            target: target,
            headers: headers
        )
    }
}
