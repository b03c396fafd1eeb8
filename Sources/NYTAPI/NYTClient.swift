import FoundationEssentials
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
    let now: @Sendable () -> Date
    /// Asked before each request, and told when it ended (see `RequestGate`).
    private var requestGate: (any RequestGate)?

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

    /// The same client, awaiting `gate` before each request it sends and telling it when each ended (the
    /// service spaces requests to each API and counts them per day).
    public func gatingRequests(_ gate: any RequestGate) -> NYTClient {
        var copy = self
        copy.requestGate = gate
        return copy
    }

    /// `NYTClient(https://api.nytimes.com, timeout 15 s)`: never the key.
    public var description: String {
        "NYTClient(\(baseURL.absoluteString), timeout \(DecimalText.brief(timeout)) s)"
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
        if let port = baseURL.port, !(1...65_535).contains(port) {
            throw .invalidBaseURL("the port must be 1 to 65535, not \(port)")
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
    static func isLoopback(host: String) -> Bool {
        let lowered = host.lowercased()
        let bare = lowered.count >= 2 && lowered.hasPrefix("[") && lowered.hasSuffix("]") ? String(lowered.dropFirst().dropLast()) : lowered
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ $0.count <= 3 && UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }

    // MARK: - Top Stories

    /// The Top Stories of one section, in the NYT's order.
    public func topStories(_ section: Section) async throws(APIError) -> FeedSnapshot {
        let fetchedDate = now()
        let answer = try await fetch(.topStories(section), as: TopStoriesResponse.self, undatedAs: fetchedDate)
        return answer.snapshot(of: .topStories(section), fetchedDate: fetchedDate)
    }

    /// The Top Stories of one section, handed to `batch` in the NYT's order a few hundred at a time as the
    /// body arrives, so a list of any length is never held whole. The snapshot returned has no articles.
    /// What `batch` throws stops the transfer (`APIError.malformed`; the caller knows why).
    public func topStories(
        _ section: Section, batchSize: Int = 500, batch: @escaping @Sendable ([Article]) throws -> Void
    ) async throws(APIError) -> FeedSnapshot {
        let fetchedDate = now()
        let answer = try await fetch(
            .topStories(section), as: TopStoriesResponse.self, undatedAs: fetchedDate, batchSize: batchSize,
            sink: { articles, _ in try batch(articles) }
        )
        return answer.snapshot(of: .topStories(section), fetchedDate: fetchedDate)
    }

    /// Decodes a Top Stories body (the bundled snapshot) into a snapshot, the same way as a streamed one.
    /// - Parameter fetchedDate: when the body was fetched; nil takes the response's `last_updated`.
    public static func decodeTopStories(_ body: Data, section: Section, fetchedDate: Date?) throws(APIError) -> FeedSnapshot {
        // Items are mapped as they are read, before `last_updated` (which may follow them) is known: they
        // get a placeholder date, replaced once the envelope is read.
        let placeholder = Date(timeIntervalSince1970: 0)
        let answer = try read(body, .stories, as: TopStoriesResponse.self, undatedAs: fetchedDate ?? placeholder)
        var snapshot = answer.snapshot(of: .topStories(section), fetchedDate: fetchedDate ?? answer.envelope.lastUpdated ?? Date())
        if fetchedDate == nil {
            for index in snapshot.articles.indices where snapshot.articles[index].publishedDate == placeholder {
                snapshot.articles[index].publishedDate = snapshot.fetchedDate
            }
        }
        return snapshot
    }

    // MARK: - Article Search

    /// The NYT's advice for the time between two requests to one API (it allows about 5 a minute).
    public static let recommendedSpacing: Duration = .seconds(12)
    /// Article Search serves pages 0 … 99 at most.
    public static let maximumSearchPages = 100

    /// One page (10 documents) of Article Search results for `query`.
    public func articleSearch(_ query: SearchQuery, page: Int) async throws(APIError) -> SearchPage {
        try await fetch(.articleSearch(query, page: page), as: ArticleSearchResponse.self, undatedAs: now()).searchPage
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
        var hits: Int?
        var fetched = 0
        var serverDate: Date?
        for page in 0..<min(max(1, pages), Self.maximumSearchPages) {
            if page > 0 {
                do { try await Task.sleep(for: spacing) } catch { throw .cancelled }
            }
            let result = try await articleSearch(query, page: page)
            articles += result.articles.filter { seen.insert($0.id).inserted }
            skipped += result.skippedCount
            serverDate = result.serverDate
            hits = result.hits ?? hits
            fetched = page + 1
            if result.documentCount < SearchPage.fullPageSize {
                hits = page * SearchPage.fullPageSize + result.documentCount
                break
            }
        }
        return FeedSnapshot(
            feed: .search(query), articles: articles, fetchedDate: now(), skippedCount: skipped, totalHits: hits, pageCount: fetched,
            serverDate: serverDate
        )
    }

    /// Decodes an Article Search body, old or new shape.
    public static func decodeArticleSearch(_ body: Data, fetchedDate: Date) throws(APIError) -> SearchPage {
        try read(body, .search, as: ArticleSearchResponse.self, undatedAs: fetchedDate).searchPage
    }

    // MARK: - Times Newswire

    /// The articles the Times Newswire lists: the newest across the NYT, newest first (its items have the
    /// Top Stories shape).
    public func latest() async throws(APIError) -> FeedSnapshot {
        let fetchedDate = now()
        return try await fetch(.newswire, as: TopStoriesResponse.self, undatedAs: fetchedDate).snapshot(
            of: .latest, fetchedDate: fetchedDate)
    }

    /// Decodes a Times Newswire body.
    public static func decodeLatest(_ body: Data, fetchedDate: Date) throws(APIError) -> FeedSnapshot {
        try read(body, .stories, as: TopStoriesResponse.self, undatedAs: fetchedDate).snapshot(of: .latest, fetchedDate: fetchedDate)
    }

    // MARK: - Most Popular

    /// The most viewed, emailed or shared articles over the last 1, 7 or 30 days.
    public func mostPopular(_ kind: MostPopularKind, period: MostPopularPeriod) async throws(APIError) -> MostPopularList {
        let fetchedDate = now()
        let answer = try await fetch(.mostPopular(kind, period), as: MostPopularResponse.self, undatedAs: fetchedDate)
        return MostPopularList(
            articles: answer.stream.articles, fetchedDate: fetchedDate, skippedCount: answer.stream.skippedCount,
            serverDate: answer.stream.serverDate)
    }

    /// Decodes a Most Popular body.
    public static func decodeMostPopular(_ body: Data, fetchedDate: Date) throws(APIError) -> MostPopularList {
        let answer = try read(body, .popular, as: MostPopularResponse.self, undatedAs: fetchedDate)
        return MostPopularList(articles: answer.stream.articles, fetchedDate: fetchedDate, skippedCount: answer.stream.skippedCount)
    }

    // MARK: - Reading answers

    /// Sends `endpoint`'s request and reads its answer as it streams in, its items mapped to articles
    /// (dated `date` when they have no date) and handed to `sink` in batches when there is one: the one
    /// path every endpoint's answer takes. The envelope is checked (see `ArticleStream.finish`).
    func fetch<Envelope: ResponseEnvelope>(
        _ endpoint: Endpoint, as envelope: Envelope.Type, undatedAs date: Date, batchSize: Int = 500,
        sink: ArticleStream<Envelope.Item>.Sink? = nil
    ) async throws(APIError) -> Answer<Envelope> {
        let stream = ArticleStream<Envelope.Item>(endpoint.shape, undatedAs: date, span: endpoint.span, batchSize: batchSize, sink: sink)
        try await get(endpoint, streamingTo: stream)
        return Answer(envelope: try stream.finish(Envelope.self), stream: stream)
    }

    /// Reads a whole body of `shape` (the bundled snapshot, tests) as `fetch` reads a streamed one.
    static func read<Envelope: ResponseEnvelope>(
        _ body: Data, _ shape: ResponseShape, as envelope: Envelope.Type, undatedAs date: Date, span: Range<Date>? = nil,
        batchSize: Int = 500, sink: ArticleStream<Envelope.Item>.Sink? = nil
    ) throws(APIError) -> Answer<Envelope> {
        let stream = ArticleStream<Envelope.Item>(shape, undatedAs: date, span: span, batchSize: batchSize, sink: sink)
        return Answer(envelope: try stream.decode(body, as: Envelope.self), stream: stream)
    }

    // MARK: - HTTP

    /// GETs `endpoint`, the body of a success streamed into `stream`.
    private func get<Item: SendableMetatype>(_ endpoint: Endpoint, streamingTo stream: ArticleStream<Item>) async throws(APIError) {
        var request = try request(path: endpoint.path, query: endpoint.queryItems)
        request.maximumBodySize = endpoint.shape.maximumBodySize
        try await requestGate?.awaitTurn(for: endpoint.api)
        defer { requestGate?.requestEnded(for: endpoint.api) }
        let response: HTTPResponse
        do {
            response = try await transport.stream(request) { chunk in try stream.consume(chunk) }
        } catch .bodyRejected {
            throw stream.rejection
        } catch {
            throw Self.apiError(for: error)
        }
        try Self.check(status: response, now: now())
        stream.serverDate = response.headers["date"].flatMap(HTTPDate.parse)
    }

    private func request(path: String, query: [URLQueryItem]) throws(APIError) -> HTTPRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw .invalidBaseURL("cannot be parsed")
        }
        components.path = components.path.trimmingSuffix("/") + path
        components.percentEncodedQuery = QueryEncoding.query(query + [URLQueryItem(name: KeyRedaction.parameter, value: apiKey)])
        guard let url = components.url else { throw .invalidBaseURL("cannot build a request URL") }
        return HTTPRequest(url: url, headers: ["User-Agent": Self.userAgent, "Accept": "application/json"], timeout: timeout)
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
        case .certificateUntrusted(let reason): return .certificateUntrusted(reason: reason)
        case .certificateStoreMissing(let reason): return .certificateStoreMissing(reason: reason)
        case .libraryUnavailable(let reason): return .libcurlUnavailable(reason: reason)
        case .libraryCallFailed(let call, let code): return .libcurlFailed(call: call, code: code)
        case .tooManyRedirects(let limit): return .redirectLoop(limit: limit)
        case .truncated: return .truncated
        case .undecodable(let reason): return .malformed(reason: "the body's encoding could not be undone (\(reason))")
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
            throw .rateLimited(retryAfter: response.headers["retry-after"].flatMap { RetryAfter.seconds($0, now: now) })
        case 500..<600:
            throw .server(status: response.status)
        default:
            throw .unexpectedStatus(response.status)
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
