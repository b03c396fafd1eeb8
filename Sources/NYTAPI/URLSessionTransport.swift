import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport` over URLSession: no cache, no cookies, a cap on the body size that stops the download
/// as soon as it is passed, and the request's timeout enforced for the whole exchange (URLSession on Linux
/// would otherwise wait 60 s on a server that accepts the connection and never answers).
public final class URLSessionTransport: HTTPTransport {
    /// The default cap on a response body: 20 MB.
    public static let defaultMaximumBodySize = 20 * 1024 * 1024

    private let session: URLSession
    private let maximumBodySize: Int
    private let exchanges = ExchangeRouter()

    public init(maximumBodySize: Int = URLSessionTransport.defaultMaximumBodySize) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.maximumBodySize = maximumBodySize
        session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let exchange = PendingExchange(maximumBodySize: maximumBodySize)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(continuation)
                let task = session.dataTask(with: urlRequest)
                exchanges.register(exchange, for: task)
                exchange.attach(task)
                DispatchQueue.global().asyncAfter(deadline: .now() + max(0.001, request.timeout)) {
                    exchange.finish(.failure(.timeout))
                }
                task.resume()
            }
        } onCancel: {
            exchange.finish(.failure(.cancelled))
        }
        let (data, response) = try result.get()
        guard let http = response as? HTTPURLResponse else { throw .failed(reason: "not an HTTP response") }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    static func transportError(for error: any Error) -> TransportError {
        if error is CancellationError { return .cancelled }
        guard let urlError = error as? URLError else { return .failed(reason: "request failed") }
        switch urlError.code {
        case .timedOut:
            return .timeout
        case .cancelled:
            return .cancelled
        case .cannotConnectToHost, .cannotFindHost, .networkConnectionLost, .notConnectedToInternet,
             .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed:
            return .offline(reason: offlineReason(urlError.code))
        default:
            return .failed(reason: "URL error \(urlError.code.rawValue)")
        }
    }

    private static func offlineReason(_ code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .networkConnectionLost: return "connection lost"
        default: return "no network"
        }
    }
}

/// The session's delegate: hands each task's events to its `PendingExchange`.
private final class ExchangeRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: PendingExchange] = [:]

    func register(_ exchange: PendingExchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    private func exchange(for task: URLSessionTask, removing: Bool = false) -> PendingExchange? {
        lock.withLock { removing ? exchanges.removeValue(forKey: task.taskIdentifier) : exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let allowed = exchange(for: dataTask)?.receive(response) ?? false
        completionHandler(allowed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(for: task, removing: true)?.complete(error: error)
    }
}

/// One request in flight: whichever comes first — the whole answer, an error, the body passing the cap,
/// the timeout or a cancellation — resumes the caller, exactly once, and stops the data task.
private final class PendingExchange: @unchecked Sendable {
    typealias Outcome = Result<(Data, URLResponse), TransportError>

    private let maximumBodySize: Int
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var task: URLSessionDataTask?
    /// An outcome that arrived before the continuation (a cancellation before the start).
    private var early: Outcome?
    private var finished = false
    private var response: URLResponse?
    private var body = Data()

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    func start(_ continuation: CheckedContinuation<Outcome, Never>) {
        let early: Outcome? = lock.withLock {
            if let early = self.early { return early }
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func attach(_ task: URLSessionDataTask) {
        let cancelNow = lock.withLock {
            self.task = task
            return finished
        }
        if cancelNow { task.cancel() }
    }

    /// Keeps the response head; false (stop) when its announced length is over the cap.
    func receive(_ response: URLResponse) -> Bool {
        if response.expectedContentLength > Int64(maximumBodySize) {
            finish(.failure(.bodyTooLarge(limit: maximumBodySize)))
            return false
        }
        lock.withLock { self.response = response }
        return true
    }

    /// Adds a piece of the body, failing the exchange once the body passes the cap.
    func receive(_ data: Data) {
        let tooLarge: Bool = lock.withLock {
            guard !finished else { return false }
            body.append(data)
            if body.count > maximumBodySize {
                body = Data()
                return true
            }
            return false
        }
        if tooLarge { finish(.failure(.bodyTooLarge(limit: maximumBodySize))) }
    }

    func complete(error: (any Error)?) {
        if let error {
            finish(.failure(URLSessionTransport.transportError(for: error)))
            return
        }
        let (response, body) = lock.withLock { (self.response, self.body) }
        guard let response else {
            finish(.failure(.failed(reason: "no response")))
            return
        }
        finish(.success((body, response)))
    }

    func finish(_ outcome: Outcome) {
        let (continuation, task): (CheckedContinuation<Outcome, Never>?, URLSessionDataTask?) = lock.withLock {
            guard !finished else { return (nil, nil) }
            finished = true
            if self.continuation == nil { early = outcome }
            defer { self.continuation = nil }
            return (self.continuation, self.task)
        }
        continuation?.resume(returning: outcome)
        if case .failure = outcome { task?.cancel() }
    }
}
