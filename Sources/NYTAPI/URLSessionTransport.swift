import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport` over URLSession: no cache, no cookies, a cap on the body size, and the request's
/// timeout enforced for the whole exchange (URLSession on Linux would otherwise wait 60 s on a server
/// that accepts the connection and never answers).
public final class URLSessionTransport: HTTPTransport {
    /// The default cap on a response body: 20 MB.
    public static let defaultMaximumBodySize = 20 * 1024 * 1024

    private let session: URLSession
    private let maximumBodySize: Int

    public init(maximumBodySize: Int = URLSessionTransport.defaultMaximumBodySize) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration)
        self.maximumBodySize = maximumBodySize
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let exchange = PendingExchange()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(continuation)
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        exchange.finish(.failure(Self.transportError(for: error)))
                    } else if let response {
                        exchange.finish(.success((data ?? Data(), response)))
                    } else {
                        exchange.finish(.failure(.failed(reason: "no response")))
                    }
                }
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
        guard data.count <= maximumBodySize else { throw .bodyTooLarge(limit: maximumBodySize) }
        guard let http = response as? HTTPURLResponse else { throw .failed(reason: "not an HTTP response") }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    private static func transportError(for error: any Error) -> TransportError {
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

/// One request in flight: whichever comes first — the answer, the timeout or a cancellation — resumes the
/// caller, exactly once, and stops the data task.
private final class PendingExchange: @unchecked Sendable {
    typealias Outcome = Result<(Data, URLResponse), TransportError>

    private let lock = NSLock()
    private var continuation: CheckedContinuation<Outcome, Never>?
    private var task: URLSessionDataTask?
    /// An outcome that arrived before the continuation (a cancellation before the start).
    private var early: Outcome?
    private var finished = false

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

    func finish(_ outcome: Outcome) {
        let (continuation, task): (CheckedContinuation<Outcome, Never>?, URLSessionDataTask?) = lock.withLock {
            guard !finished else { return (nil, nil) }
            finished = true
            if self.continuation == nil { early = outcome }
            defer { self.continuation = nil }
            return (self.continuation, self.task)
        }
        guard continuation != nil || task != nil else { return }
        continuation?.resume(returning: outcome)
        if case .failure = outcome { task?.cancel() }
    }
}
