import CCurl
import NewsCore
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `HTTPTransport` over libcurl's easy interface (loaded on the first request, so a reader that never
/// refreshes never maps it). Each exchange runs on a thread of its own: libcurl hands the body to the
/// consumer there, piece by piece as it arrives, with no hop between threads per piece.
///
/// Rules it keeps: https only, except for loopback hosts (the client checks the base URL; libcurl is told
/// which protocols it may speak); redirects are followed only within the origin of the request (scheme,
/// host and port), at most `maximumRedirects` times, any other is refused; the request's timeout bounds the
/// whole exchange; a body larger than the cap stops the transfer as soon as it passes it; cancelling the
/// calling task answers at once and stops the transfer within a second.
public final class CurlTransport: HTTPTransport {
    /// The default cap on a response body: 20 MB.
    public static let defaultMaximumBodySize = 20 << 20
    /// Same-origin redirects followed at most.
    public static let maximumRedirects = 5
    /// The most of a failed response's body kept (for its error message).
    static let maximumErrorBody = 64 << 10

    private let maximumBodySize: Int

    public init(maximumBodySize: Int = CurlTransport.defaultMaximumBodySize) {
        self.maximumBodySize = maximumBodySize
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
        throw .failed(reason: "more than \(Self.maximumRedirects) redirects")
    }

    private func perform(
        _ request: HTTPRequest, url: URL, body: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws(TransportError) -> HTTPResponse {
        let exchange = CurlExchange(
            url: url, headers: request.headers, timeout: request.timeout,
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

/// One request on its own thread: the response head, the body to the consumer (2xx) or kept short (other
/// statuses), and exactly one answer to the caller — the outcome, or `.cancelled` as soon as it is asked.
final class CurlExchange: @unchecked Sendable {
    typealias Outcome = Result<HTTPResponse, TransportError>

    /// Why the exchange stopped the transfer itself.
    private enum Stop {
        case bodyTooLarge
        case consumerFailed
        case headersTooLarge
    }

    private let url: URL
    private let headers: [String]
    private let timeout: TimeInterval
    private let maximumBodySize: Int
    private let consumer: @Sendable (UnsafeRawBufferPointer) throws -> Void
    private let isCancelled = Atomic<Bool>(false)
    private let continuation = Mutex<CheckedContinuation<Outcome, Never>?>(nil)

    // Touched only by the exchange's thread.
    private var status = 0
    private var responseHeaders: [String: String] = [:]
    private var headerBytes = 0
    private var bodyBytes = 0
    private var errorBody = Data()
    private var stop: Stop?

    init(
        url: URL, headers: [String: String], timeout: TimeInterval, maximumBodySize: Int,
        consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.url = url
        // Header values must not carry line breaks into the request.
        self.headers = headers.sorted { $0.key < $1.key }.map { name, value in
            "\(name): \(value.filter { $0 != "\r" && $0 != "\n" })"
        }
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
        self.consumer = consumer
    }

    func start(_ continuation: CheckedContinuation<Outcome, Never>) {
        self.continuation.withLock { $0 = continuation }
        if isCancelled.load(ordering: .acquiring) {
            answer(.failure(.cancelled))
            return
        }
        if !DetachedThread.start({ self.run() }) {
            answer(.failure(.failed(reason: "could not start a thread for the request")))
        }
    }

    func cancel() {
        isCancelled.store(true, ordering: .releasing)
        answer(.failure(.cancelled))
    }

    private func answer(_ outcome: Outcome) {
        let waiting = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: outcome)
    }

    // MARK: - The transfer, on the exchange's thread

    private func run() {
        var result = nyt_curl_result()
        let context = Unmanaged.passUnretained(self).toOpaque()
        var callbacks = nyt_curl_callbacks(
            context: context,
            header: { context, line, length in
                Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().header(line!, length)
            },
            body: { context, data, length in
                Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().body(data!, length)
            },
            cancelled: { context in
                Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().isCancelled.load(ordering: .acquiring) ? 1 : 0
            }
        )
        let protocols = url.scheme?.lowercased() == "http" ? "http" : "https"
        let timeoutMilliseconds = Int(min(max(timeout, 0.001), 86_400) * 1_000)
        withCStrings(headers) { headerPointers in
            nyt_curl_get(
                url.absoluteString, headerPointers, Int32(headers.count), timeoutMilliseconds,
                timeoutMilliseconds, Int64(maximumBodySize), protocols, &callbacks, &result
            )
        }
        answer(outcome(of: result))
    }

    private func outcome(of result: nyt_curl_result) -> Outcome {
        if isCancelled.load(ordering: .acquiring) { return .failure(.cancelled) }
        switch stop {
        case .bodyTooLarge?: return .failure(.bodyTooLarge(limit: maximumBodySize))
        case .consumerFailed?: return .failure(.bodyRejected)
        case .headersTooLarge?: return .failure(.failed(reason: "the response headers are too large"))
        case nil: break
        }
        switch Int(result.code) {
        case NYT_CURL_OK:
            return .success(HTTPResponse(status: Int(result.status), headers: responseHeaders, body: errorBody))
        case NYT_CURL_TIMEOUT:
            return .failure(.timeout)
        case NYT_CURL_COULDNT_CONNECT:
            return .failure(.offline(reason: "connection refused"))
        case NYT_CURL_COULDNT_RESOLVE:
            return .failure(.offline(reason: "host not found"))
        case NYT_CURL_FILESIZE_EXCEEDED:
            return .failure(.bodyTooLarge(limit: maximumBodySize))
        case NYT_CURL_GOT_NOTHING, NYT_CURL_SEND_ERROR, NYT_CURL_RECV_ERROR,
             NYT_CURL_PARTIAL_FILE:
            return .failure(.offline(reason: "connection lost"))
        default:
            let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failure(.failed(reason: "libcurl: \(message)"))
        }
    }

    /// A header line: a status line starts a new response head (after a 100 Continue, say).
    private func header(_ line: UnsafePointer<CChar>, _ length: Int) -> Int32 {
        headerBytes += length
        guard headerBytes <= 256 << 10 else {
            stop = .headersTooLarge
            return 1
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: line, count: length), as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            let parts = text.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            responseHeaders = [:]
        } else if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].lowercased()
            let value = text[text.index(after: colon)...].trimmed()
            responseHeaders[name] = value
        }
        return 0
    }

    /// A piece of the body: to the consumer for a success, kept (shortened) otherwise.
    private func body(_ data: UnsafePointer<CChar>, _ length: Int) -> Int32 {
        let chunk = UnsafeRawBufferPointer(start: data, count: length)
        guard (200..<300).contains(status) else {
            if RedirectPolicy.isRedirect(status) { return 0 }
            let room = CurlTransport.maximumErrorBody - errorBody.count
            if room > 0 { errorBody.append(contentsOf: chunk.prefix(room)) }
            return 0
        }
        bodyBytes += length
        guard bodyBytes <= maximumBodySize else {
            stop = .bodyTooLarge
            return 1
        }
        do {
            try consumer(chunk)
            return 0
        } catch {
            stop = .consumerFailed
            return 1
        }
    }
}

/// Calls `body` with the strings as a C array of C strings, valid during the call.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
