import FoundationEssentials

/// A GET request as the API client builds it. Its descriptions hide the API key.
public struct HTTPRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var url: URL
    public var headers: [String: String]
    public var timeout: TimeInterval
    /// The largest body this request may bring; nil for the transport's own limit.
    public var maximumBodySize: Int?

    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval, maximumBodySize: Int? = nil) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    /// `GET <url>` with the key redacted.
    public var description: String { "GET \(KeyRedaction.redacted(url))" }
    /// The same as `description`.
    public var debugDescription: String { description }
    /// Shows the redacted URL only, so `dump` cannot reveal the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["url": KeyRedaction.redacted(url), "timeout": timeout], displayStyle: .struct)
    }
}

/// What came back: status, headers (names lowercased) and the whole body.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }
}

/// Failures below HTTP.
public enum TransportError: Error, Hashable, Sendable {
    case timeout
    case offline(reason: String)
    case cancelled
    case bodyTooLarge(limit: Int)
    /// A redirect left the origin of the request (to `host`) and was not followed.
    case redirectRefused(host: String)
    /// The consumer of a streamed body refused it (it knows why).
    case bodyRejected
    /// The server's certificate could not be verified (`reason` is libcurl's): someone may be in between.
    case certificateUntrusted(reason: String)
    /// The CA certificates to verify a server with could not be read (`reason` is libcurl's).
    case certificateStoreMissing(reason: String)
    /// libcurl could not be loaded (`reason` says why); nothing was sent.
    case libraryUnavailable(reason: String)
    /// A libcurl call failed: `call` names it (`curl_easy_setopt(CURLOPT_PROTOCOLS_STR)`), `code` is its
    /// CURLcode (-1 for a call that answered NULL). One that prepares the request means nothing was sent.
    case libraryCallFailed(call: String, code: Int)
    /// More than `limit` redirects in a row, each within the origin.
    case tooManyRedirects(limit: Int)
    /// The connection closed before the whole body (the length the response announced) arrived.
    case truncated
    /// The body's `Content-Encoding` (gzip, deflate) could not be undone (`reason` is libcurl's).
    case undecodable(reason: String)
    case failed(reason: String)
}

/// Sends one HTTP request. The program uses `CurlTransport`; tests inject fakes.
public protocol HTTPTransport: Sendable {
    /// The whole response, body included.
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse

    /// The response, with the body of a success (2xx) handed to `body` piece by piece as it arrives instead
    /// of kept (the response's `body` is then empty); other statuses keep theirs. A `body` that throws stops
    /// the transfer with `.bodyRejected`.
    func stream(
        _ request: HTTPRequest, body: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws(TransportError) -> HTTPResponse
}

extension HTTPTransport {
    /// Streaming for transports that only have whole bodies: the body in one piece.
    public func stream(
        _ request: HTTPRequest, body: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws(TransportError) -> HTTPResponse {
        var response = try await send(request)
        guard (200..<300).contains(response.status) else { return response }
        do {
            try response.body.withUnsafeBytes(body)
        } catch {
            throw .bodyRejected
        }
        response.body = Data()
        return response
    }
}
