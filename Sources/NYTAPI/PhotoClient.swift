import FoundationEssentials
import NewsCore

/// Fetches the NYT's pictures: only from its image host (`https://static01.nyt.com/`), at most
/// `maximumBodySize` bytes within the timeout, and never with the API key (it has none to send). When the
/// API's base URL is a loopback server (tests, benchmarks), the same path is asked of that server.
public struct PhotoClient: Sendable, CustomStringConvertible {
    /// The host every picture comes from.
    public static let imageHost = "static01.nyt.com"
    /// The largest picture taken: 5 MB.
    public static let maximumBodySize = 5 << 20

    private let transport: any HTTPTransport
    /// Where pictures are asked for instead of the image host: the API's base URL when it is loopback.
    private let loopbackBase: URL?
    private let timeout: TimeInterval

    /// - Parameters:
    ///   - apiBaseURL: the API's base URL (`--api-base-url`); a loopback one serves the pictures too.
    ///   - timeout: the most a picture may take, in seconds (at most 15).
    public init(transport: any HTTPTransport, apiBaseURL: URL = NYTClient.defaultBaseURL, timeout: TimeInterval = 15) {
        self.transport = transport
        let isLoopback = apiBaseURL.host.map(NYTClient.isLoopback(host:)) ?? false
        self.loopbackBase = isLoopback ? apiBaseURL : nil
        self.timeout = min(max(timeout, 1), 15)
    }

    public var description: String { "PhotoClient(\(loopbackBase?.absoluteString ?? "https://\(Self.imageHost)"))" }

    /// The request for the picture at `address`: a GET with no key and no header but the user agent.
    /// - Throws: `.refused` for an address that is not https on the image host (another host, a port, a
    ///   user name, anything unreadable).
    public func request(for address: String) throws(PhotoFailure) -> HTTPRequest {
        guard let url = URL(string: address), url.scheme?.lowercased() == "https",
            url.host?.lowercased() == Self.imageHost, url.port == nil, url.user == nil, url.password == nil,
            url.path.hasPrefix("/")
        else { throw .refused }
        var target = url
        if let loopbackBase {
            var components = URLComponents()
            components.scheme = loopbackBase.scheme
            components.host = loopbackBase.host
            components.port = loopbackBase.port
            components.percentEncodedPath = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
            components.percentEncodedQuery = url.query
            guard let local = components.url else { throw .refused }
            target = local
        }
        return HTTPRequest(
            url: target, headers: ["User-Agent": NYTClient.userAgent], timeout: timeout,
            maximumBodySize: Self.maximumBodySize)
    }

    /// The bytes of the picture at `address`: a 200's whole body, at most `maximumBodySize`.
    public func fetch(_ address: String) async throws(PhotoFailure) -> [UInt8] {
        let request = try request(for: address)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            // A task cancelled while its transfer failed for another reason (a timeout) was cancelled all the same.
            if case .cancelled = error { throw .cancelled }
            if Task.isCancelled { throw .cancelled }
            if case .offline = error { throw .unreachable }
            throw .notFetched
        }
        if Task.isCancelled { throw .cancelled }
        guard response.status == 200, response.body.count <= Self.maximumBodySize else { throw .notFetched }
        return [UInt8](response.body)
    }
}
