import Foundation
import NewsCore

/// The NYT API client: the only code that knows URLs, query parameters, JSON shapes and HTTP status codes.
public struct NYTClient: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `https://api.nytimes.com`.
    public static let defaultBaseURL = URL(string: "https://api.nytimes.com")!
    /// Sent as `User-Agent`.
    public static let userAgent = "nytreader/\(ProgramVersion.current)"

    private let apiKey: String
    private let baseURL: URL
    private let transport: any HTTPTransport
    private let timeout: TimeInterval
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - baseURL: must be https, unless its host is a loopback address.
    public init(
        apiKey: String,
        baseURL: URL = NYTClient.defaultBaseURL,
        transport: any HTTPTransport,
        timeout: TimeInterval = 15,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws(APIError) {
        try Self.validate(baseURL: baseURL)
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.transport = transport
        self.timeout = timeout
        self.now = now
    }

    /// `NYTClient(https://api.nytimes.com, timeout 15 s)`: never the key.
    public var description: String {
        "NYTClient(\(baseURL.absoluteString), timeout \(timeout.formatted()) s)"
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// Shows the base URL and the timeout only, so `dump` and `Mirror` cannot reveal the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "timeout": timeout], displayStyle: .struct)
    }

    /// Rejects a base URL that would send the key in the clear to another machine.
    public static func validate(baseURL: URL) throws(APIError) {
        guard let scheme = baseURL.scheme?.lowercased(), let host = baseURL.host, !host.isEmpty else {
            throw .invalidBaseURL("\(KeyRedaction.redacted(baseURL)) is not an absolute URL")
        }
        switch scheme {
        case "https":
            return
        case "http" where isLoopback(host: host):
            return
        case "http":
            throw .invalidBaseURL("plain http is allowed only for loopback hosts, not \(host)")
        default:
            throw .invalidBaseURL("the scheme must be https")
        }
    }

    /// `localhost`, `::1` or an IPv4 address in 127.0.0.0/8 (not a name that merely starts with `127.`).
    private static func isLoopback(host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ $0.count <= 3 && UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }

    // MARK: - Top Stories

    /// The Top Stories of one section, in the NYT's order.
    public func topStories(_ section: Section) async throws(APIError) -> FeedSnapshot {
        let path = "/svc/topstories/v2/\(section.rawValue).json"
        let response = try await get(path: path, query: [])
        return try Self.decodeTopStories(response.body, section: section, fetchedDate: now())
    }

    /// Decodes a Top Stories body (from the network or the bundled snapshot) into a snapshot.
    /// - Parameter fetchedDate: when the body was fetched; nil takes the response's `last_updated`.
    public static func decodeTopStories(_ body: Data, section: Section, fetchedDate: Date?) throws(APIError) -> FeedSnapshot {
        let response = try decode(TopStoriesResponse.self, from: body)
        guard response.status == "OK" else { throw .apiStatus(response.status.isEmpty ? "missing" : response.status) }
        let fetchedDate = fetchedDate ?? response.lastUpdated ?? Date()
        let (articles, skipped) = try collect(response.results) { $0.article(fetchedDate: fetchedDate) }
        return FeedSnapshot(feed: .topStories(section), articles: articles, fetchedDate: fetchedDate, skippedCount: skipped)
    }

    // MARK: - Article Search

    /// The NYT's advice for the time between two requests to one API (it allows about 5 a minute).
    public static let recommendedSpacing: Duration = .seconds(12)
    /// Article Search serves pages 0 … 99 at most.
    public static let maximumSearchPages = 100

    /// One page (10 documents) of Article Search results for `query`.
    public func articleSearch(_ query: SearchQuery, page: Int) async throws(APIError) -> SearchPage {
        var parameters = [URLQueryItem(name: "q", value: query.text), URLQueryItem(name: "sort", value: "newest")]
        if let begin = query.beginDate { parameters.append(URLQueryItem(name: "begin_date", value: begin)) }
        if let end = query.endDate { parameters.append(URLQueryItem(name: "end_date", value: end)) }
        parameters.append(URLQueryItem(name: "page", value: String(page)))
        let response = try await get(path: "/svc/search/v2/articlesearch.json", query: parameters)
        return try Self.decodeArticleSearch(response.body, fetchedDate: now())
    }

    /// Up to `pages` pages of Article Search results, fetched in order from page 0 with `spacing` between
    /// two requests; it stops after a short page (fewer than 10 documents). Each article is kept at its first
    /// place (pages shift while new articles are published). Any failing page fails the whole search.
    /// - Parameter pages: clamped to 1 … 100.
    public func articleSearch(
        _ query: SearchQuery,
        pages: Int,
        spacing: Duration = NYTClient.recommendedSpacing
    ) async throws(APIError) -> FeedSnapshot {
        var articles: [Article] = []
        var seen = Set<ArticleID>()
        var skipped = 0
        for page in 0..<min(max(1, pages), Self.maximumSearchPages) {
            if page > 0 {
                do { try await Task.sleep(for: spacing) } catch { throw .cancelled }
            }
            let result = try await articleSearch(query, page: page)
            articles += result.articles.filter { seen.insert($0.id).inserted }
            skipped += result.skippedCount
            if result.documentCount < SearchPage.fullPageSize { break }
        }
        return FeedSnapshot(feed: .search(query), articles: articles, fetchedDate: now(), skippedCount: skipped)
    }

    /// Decodes an Article Search body, old or new shape.
    public static func decodeArticleSearch(_ body: Data, fetchedDate: Date) throws(APIError) -> SearchPage {
        let response = try decode(ArticleSearchResponse.self, from: body)
        guard response.status == "OK" else { throw .apiStatus(response.status.isEmpty ? "missing" : response.status) }
        guard let docs = response.docs else { throw .malformed(reason: "missing field response") }
        let (articles, skipped) = try collect(docs) { $0.article(fetchedDate: fetchedDate) }
        return SearchPage(articles: articles, documentCount: docs.count, hits: response.hits, skippedCount: skipped)
    }

    // MARK: - Most Popular

    /// The most viewed, emailed or shared articles over the last 1, 7 or 30 days.
    public func mostPopular(_ kind: MostPopularKind, period: MostPopularPeriod) async throws(APIError) -> MostPopularList {
        let response = try await get(path: "/svc/mostpopular/v2/\(kind.rawValue)/\(period.rawValue).json", query: [])
        return try Self.decodeMostPopular(response.body, fetchedDate: now())
    }

    /// Decodes a Most Popular body.
    public static func decodeMostPopular(_ body: Data, fetchedDate: Date) throws(APIError) -> MostPopularList {
        let response = try decode(MostPopularResponse.self, from: body)
        guard response.status == "OK" else { throw .apiStatus(response.status.isEmpty ? "missing" : response.status) }
        let (articles, skipped) = try collect(response.results) { $0.article(fetchedDate: fetchedDate) }
        return MostPopularList(articles: articles, fetchedDate: fetchedDate, skippedCount: skipped)
    }

    // MARK: - Decoding

    private static func decode<Response: Decodable>(_ type: Response.Type, from body: Data) throws(APIError) -> Response {
        do {
            return try JSONDecoder().decode(Response.self, from: body)
        } catch {
            throw .malformed(reason: describe(decodingError: error))
        }
    }

    /// Maps items to articles, skipping (and counting) those that cannot be read and repeated uris.
    /// A non-empty list with no readable item is a format error.
    private static func collect<Item>(
        _ items: [Lossy<Item>],
        _ map: (Item) -> Article?
    ) throws(APIError) -> (articles: [Article], skipped: Int) {
        var articles: [Article] = []
        articles.reserveCapacity(items.count)
        var seen = Set<ArticleID>()
        var skipped = 0
        for item in items {
            guard let article = item.value.flatMap(map), seen.insert(article.id).inserted else {
                skipped += 1
                continue
            }
            articles.append(article)
        }
        if articles.isEmpty && !items.isEmpty {
            throw .malformed(reason: "none of the \(items.count) items could be read")
        }
        return (articles, skipped)
    }

    // MARK: - HTTP

    private func get(path: String, query: [URLQueryItem]) async throws(APIError) -> HTTPResponse {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw .invalidBaseURL("cannot be parsed")
        }
        components.path = components.path.trimmingSuffix("/") + path
        components.queryItems = query + [URLQueryItem(name: KeyRedaction.parameter, value: apiKey)]
        guard let url = components.url else { throw .invalidBaseURL("cannot build a request URL") }
        let request = HTTPRequest(url: url, headers: ["User-Agent": Self.userAgent, "Accept": "application/json"], timeout: timeout)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw Self.apiError(for: error)
        }
        try Self.check(status: response, now: now())
        return response
    }

    private static func apiError(for error: TransportError) -> APIError {
        switch error {
        case .timeout: return .timeout
        case .offline(let reason): return .offline(reason: reason)
        case .cancelled: return .cancelled
        case .bodyTooLarge(let limit):
            let size = limit >= 1_048_576 ? "\(limit / 1_048_576) MB" : "\(limit) bytes"
            return .malformed(reason: "the body is larger than \(size)")
        case .failed(let reason): return .offline(reason: reason)
        case .redirectRefused(let host): return .redirectRefused(host: host)
        case .bodyRejected: return .malformed(reason: "the body could not be read")
        }
    }

    private static func check(status response: HTTPResponse, now: Date) throws(APIError) {
        switch response.status {
        case 200..<300:
            return
        case 401, 403:
            throw .unauthorized(status: response.status)
        case 404:
            throw .notFound
        case 429:
            throw .rateLimited(retryAfter: response.headers["retry-after"].flatMap { retryAfterSeconds($0, now: now) })
        case 500..<600:
            throw .server(status: response.status)
        default:
            throw .unexpectedStatus(response.status)
        }
    }

    /// `Retry-After` as whole seconds from `now`: either a number of seconds or an HTTP date
    /// (`Wed, 21 Oct 2026 07:28:00 GMT`); nil when it is neither.
    static func retryAfterSeconds(_ value: String, now: Date) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }

    static func describe(decodingError error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted:
            return "not valid JSON"
        case DecodingError.keyNotFound(let key, _):
            return "missing field \(key.stringValue)"
        case DecodingError.typeMismatch, DecodingError.valueNotFound:
            return "unexpected JSON shape"
        default:
            return "not valid JSON"
        }
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
