import FoundationEssentials

/// `HTTPTransport` over libcurl's easy interface (loaded on the first request, so a reader that never
/// refreshes never maps it). Each exchange runs on a thread of its own: libcurl hands the body to the
/// consumer there, piece by piece as it arrives, with no hop between threads per piece.
///
/// Rules it keeps: https only, except for loopback hosts (the client checks the base URL; libcurl is told
/// which protocols it may speak, and a request for which that cannot be set is not sent); redirects are
/// followed only within the origin of the request (scheme, host and port), at most `maximumRedirects`
/// times, any other is refused; the request's timeout bounds the connection and any stall of the transfer,
/// and a body at the cap may take what `TransferLimits` allows; a body larger than the cap
/// stops the transfer as soon as it passes it; the body of a failure is read only as far as its excerpt,
/// then the status is answered; cancelling the calling task answers as soon as the consumer is not in the
/// middle of a piece, and no piece reaches the consumer after that.
public final class CurlTransport: HTTPTransport {
    /// The default cap on a response body: 20 MB.
    public static let defaultMaximumBodySize = 20 << 20
    /// Same-origin redirects followed at most.
    public static let maximumRedirects = 5
    /// The most of a failed response's body kept (for its error message).
    static let maximumErrorBody = 64 << 10

    private let maximumBodySize: Int
    private let library: CurlLibrary.Instance

    public convenience init(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize) {
        self.init(maximumBodySize: maximumBodySize, library: .process)
    }

    /// A transport that makes its requests through `library` (tests load a failing one).
    init(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize, library: CurlLibrary.Instance) {
        self.maximumBodySize = maximumBodySize
        self.library = library
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let collected = CollectedBody()
        var response = try await stream(request) { chunk in collected.append(chunk) }
        if (200..<300).contains(response.status) { response.body = collected.data }
        return response
    }

    public func stream(
        _ request: HTTPRequest, body: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws(TransportError) -> HTTPResponse {
        var url = request.url
        for _ in 0...Self.maximumRedirects {
            let response = try await perform(request, url: url, body: body)
            guard RedirectPolicy.isRedirect(response.status), let location = response.headers["location"] else {
                return response
            }
            url = try RedirectPolicy.target(of: location, from: url)
        }
        throw .tooManyRedirects(limit: Self.maximumRedirects)
    }

    private func perform(
        _ request: HTTPRequest, url: URL, body: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws(TransportError) -> HTTPResponse {
        let exchange = CurlExchange(
            library: library, url: url, headers: request.headers, timeout: request.timeout,
            maximumBodySize: request.maximumBodySize ?? maximumBodySize, consumer: body
        )
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(continuation)
            }
        } onCancel: {
            exchange.cancel()
        }
        return try outcome.get()
    }
}

/// A body gathered whole (`send`), touched by one exchange thread at a time.
private final class CollectedBody: @unchecked Sendable {
    private(set) var data = Data()

    func append(_ chunk: UnsafeRawBufferPointer) {
        data.append(contentsOf: chunk)
    }
}
