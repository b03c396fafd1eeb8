import CCurl
import FoundationEssentials
import NewsCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One request on its own thread: the response head, the body to the consumer (2xx) or kept short (other
/// statuses), and exactly one answer to the caller.
///
/// Cancelling answers `.cancelled` at once, or, while the consumer is working on a piece, as soon as that
/// piece is done: once `cancel()` has returned no consumer call begins, and once the caller has its answer
/// none is running. It also shuts the transfer's sockets down, which wakes libcurl from a wait at once
/// (instead of at its next own wake-up) to end the transfer.
final class CurlExchange: @unchecked Sendable {
    typealias Outcome = Result<HTTPResponse, TransportError>

    /// Why the exchange stopped the transfer itself.
    private enum Stop {
        case bodyTooLarge
        case consumerFailed
        case headersTooLarge
        /// A response that is not a success has all the exchange reads of it (its head and an excerpt).
        case responseComplete
    }

    /// What the caller's side and the exchange's thread share.
    private struct Control {
        var continuation: CheckedContinuation<Outcome, Never>?
        var isCancelled = false
        /// The consumer is working on a piece: an answer to a cancellation waits for it.
        var isConsuming = false
        /// The transfer's open sockets (libcurl closes them through `closeSocket`).
        var sockets: [Int32] = []

        mutating func takeContinuation() -> CheckedContinuation<Outcome, Never>? {
            defer { continuation = nil }
            return continuation
        }
    }

    private let library: CurlLibrary.Instance
    private let url: URL
    private let headers: [String]
    private let timeout: TimeInterval
    private let maximumBodySize: Int
    private let consumer: @Sendable (UnsafeRawBufferPointer) throws -> Void
    private let control = Mutex(Control())

    // Touched only by the exchange's thread.
    private var status = 0
    private var responseHeaders: [String: String] = [:]
    private var headerBytes = 0
    private var bodyBytes = 0
    private var errorBody = Data()
    private var stop: Stop?

    init(
        library: CurlLibrary.Instance, url: URL, headers: [String: String], timeout: TimeInterval, maximumBodySize: Int,
        consumer: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.library = library
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
        let cancelled = control.withLock { control in
            control.continuation = continuation
            return control.isCancelled
        }
        if cancelled {
            answer(.failure(.cancelled))
            return
        }
        if !DetachedThread.start({ self.run() }) {
            answer(.failure(.failed(reason: "could not start a thread for the request")))
        }
    }

    func cancel() {
        let waiting = control.withLock { control in
            control.isCancelled = true
            for socket in control.sockets {
                // Only wakes the transfer; a socket already shut down or broken needs nothing more, so
                // shutdown's answer does not matter.
                _ = shutdown(socket, Int32(SHUT_RDWR))
            }
            return control.isConsuming ? nil : control.takeContinuation()
        }
        waiting?.resume(returning: .failure(.cancelled))
    }

    private var isCancelled: Bool {
        control.withLock { $0.isCancelled }
    }

    private func answer(_ outcome: Outcome) {
        control.withLock { $0.takeContinuation() }?.resume(returning: outcome)
    }

    /// Marks the consumer busy; false (the piece is not to be handed on) once the exchange is cancelled.
    private func beginConsuming() -> Bool {
        control.withLock { control in
            guard !control.isCancelled else { return false }
            control.isConsuming = true
            return true
        }
    }

    /// Marks the consumer idle, and answers a cancellation that came meanwhile (then false).
    private func endConsuming() -> Bool {
        let (cancelled, waiting) = control.withLock { control in
            control.isConsuming = false
            return control.isCancelled ? (true, control.takeContinuation()) : (false, nil)
        }
        waiting?.resume(returning: .failure(.cancelled))
        return !cancelled
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
                Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().isCancelled ? 1 : 0
            },
            socket_opened: { context, socket in
                Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().socketOpened(socket)
            },
            close_socket: { context, socket in
                Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue().closeSocket(socket)
            }
        )
        let plainHTTP: Int32 = url.scheme?.lowercased() == "http" ? 1 : 0
        let limits = TransferLimits(timeout: timeout, maximumBodySize: maximumBodySize)
        headers.withConstCStringArray { headerPointers in
            nyt_curl_get(
                library.library, url.absoluteString, headerPointers, Int32(headers.count), limits.wholeMilliseconds,
                limits.connectMilliseconds, limits.stallSeconds, Int64(maximumBodySize), plainHTTP, &callbacks, &result
            )
        }
        answer(outcome(of: result))
    }

    private func outcome(of result: nyt_curl_result) -> Outcome {
        if isCancelled { return .failure(.cancelled) }
        let answered = result.status > 0 ? Int(result.status) : status
        switch stop {
        case .bodyTooLarge?: return .failure(.bodyTooLarge(limit: maximumBodySize))
        case .consumerFailed?: return .failure(.bodyRejected)
        case .headersTooLarge?: return .failure(.failed(reason: "the response headers are too large"))
        case .responseComplete?: return .success(response(status: answered))
        case nil: break
        }
        let message = Self.text(of: result.message)
        switch Int(result.step) {
        case NYT_CURL_STEP_LOAD:
            return .failure(.libraryUnavailable(reason: message))
        case NYT_CURL_STEP_SETUP, NYT_CURL_STEP_RESULT:
            return .failure(.libraryCallFailed(call: Self.text(of: result.call), code: Int(result.code)))
        default:
            break
        }
        let code = Int(result.code)
        // A status other than a success is the answer even when the rest of its body did not come.
        if answered >= 300, [NYT_CURL_PARTIAL_FILE, NYT_CURL_RECV_ERROR, NYT_CURL_TIMEOUT].contains(code) {
            return .success(response(status: answered))
        }
        switch code {
        case NYT_CURL_OK:
            return .success(response(status: answered))
        case NYT_CURL_TIMEOUT:
            return .failure(.timeout)
        case NYT_CURL_COULDNT_CONNECT:
            return .failure(.offline(reason: "connection refused"))
        case NYT_CURL_COULDNT_RESOLVE:
            return .failure(.offline(reason: "host not found"))
        case NYT_CURL_FILESIZE_EXCEEDED:
            return .failure(.bodyTooLarge(limit: maximumBodySize))
        case NYT_CURL_PARTIAL_FILE:
            return .failure(.truncated)
        case NYT_CURL_BAD_CONTENT_ENCODING:
            return .failure(.undecodable(reason: message))
        case NYT_CURL_PEER_FAILED_VERIFICATION:
            return .failure(.certificateUntrusted(reason: message))
        case NYT_CURL_SSL_CACERT_BADFILE:
            return .failure(.certificateStoreMissing(reason: message))
        case NYT_CURL_GOT_NOTHING, NYT_CURL_SEND_ERROR, NYT_CURL_RECV_ERROR:
            return .failure(.offline(reason: "connection lost"))
        default:
            return .failure(.failed(reason: "libcurl: \(message)"))
        }
    }

    private func response(status: Int) -> HTTPResponse {
        HTTPResponse(status: status, headers: responseHeaders, body: errorBody)
    }

    /// A NUL-terminated C string in a fixed array of the result.
    private static func text<Bytes>(of bytes: Bytes) -> String {
        withUnsafeBytes(of: bytes) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Keeps a new socket where `cancel()` can shut it down; refuses it (1) once cancelled.
    private func socketOpened(_ socket: Int32) -> Int32 {
        control.withLock { control in
            guard !control.isCancelled else { return 1 }
            control.sockets.append(socket)
            return 0
        }
    }

    /// Closes a socket for libcurl, once `cancel()` can no longer reach it.
    private func closeSocket(_ socket: Int32) -> Int32 {
        control.withLock { control in control.sockets.removeAll { $0 == socket } }
        return close(socket) == 0 ? 0 : 1
    }

    /// A header line: a status line starts a new response head (after a 100 Continue, say).
    private func header(_ line: UnsafePointer<CChar>, _ length: Int) -> Int32 {
        if isCancelled { return 1 }
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
        guard (200..<300).contains(status) else { return keepExcerpt(chunk) }
        bodyBytes += length
        guard bodyBytes <= maximumBodySize else {
            stop = .bodyTooLarge
            return 1
        }
        guard beginConsuming() else { return 1 }
        var consumed = true
        do {
            try consumer(chunk)
        } catch {
            stop = .consumerFailed
            consumed = false
        }
        return endConsuming() && consumed ? 0 : 1
    }

    /// A piece of another status's body: kept until the excerpt is full, then the transfer stops, the
    /// response complete as far as the caller is concerned. A redirect's body is not read at all.
    private func keepExcerpt(_ chunk: UnsafeRawBufferPointer) -> Int32 {
        if isCancelled { return 1 }
        let room = CurlTransport.maximumErrorBody - errorBody.count
        if !RedirectPolicy.isRedirect(status) {
            errorBody.append(contentsOf: chunk.prefix(max(0, room)))
        }
        guard RedirectPolicy.isRedirect(status) || errorBody.count >= CurlTransport.maximumErrorBody else { return 0 }
        stop = .responseComplete
        return 1
    }
}
