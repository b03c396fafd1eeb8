import FoundationEssentials
import Logging
import NYTAPI
import NewsCore
import Synchronization

/// An `HTTPTransport` that logs one line per request to the log file: method, path and query with the
/// API key redacted, status, duration and size, or why it failed. With `--verbose` (debug level) it also
/// logs the start of the body of a response that was not a success.
struct LoggingTransport: HTTPTransport {
    let base: any HTTPTransport
    let logger: Logger

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        try await logged(request) { () async throws(TransportError) in
            let response = try await base.send(request)
            return (response, response.body.count)
        }
    }

    func stream(
        _ request: HTTPRequest, body: @escaping @Sendable (UnsafeRawBufferPointer) throws -> Void
    ) async throws(TransportError) -> HTTPResponse {
        let received = Atomic<Int>(0)
        return try await logged(request) { () async throws(TransportError) in
            let response = try await base.stream(request) { chunk in
                received.add(chunk.count, ordering: .relaxed)
                try body(chunk)
            }
            return (response, received.load(ordering: .relaxed) + response.body.count)
        }
    }

    /// Runs `exchange` (which answers the response and the body's size) and logs its line.
    private func logged(
        _ request: HTTPRequest, _ exchange: () async throws(TransportError) -> (HTTPResponse, Int)
    ) async throws(TransportError) -> HTTPResponse {
        let target = Self.redactedTarget(of: request.url)
        let clock = ContinuousClock()
        let start = clock.now
        logger.debug("GET \(target) sent", metadata: ["timeout": "\(Int(request.timeout)) s"])
        do {
            let (response, size) = try await exchange()
            let elapsed = Self.milliseconds(clock.now - start)
            logger.info("GET \(target) \(response.status) \(elapsed) ms \(size) bytes")
            if !(200..<300).contains(response.status) {
                let excerpt = String(decoding: response.body.prefix(300), as: UTF8.self)
                logger.debug("GET \(target) body: \(excerpt)")
            }
            return response
        } catch {
            let elapsed = Self.milliseconds(clock.now - start)
            let level: Logger.Level = error == .cancelled ? .info : .warning
            logger.log(level: level, "GET \(target) failed after \(elapsed) ms: \(Self.describe(error))")
            throw error
        }
    }

    /// `/svc/search/v2/articlesearch.json?q=election&page=0&api-key=<redacted>`: the path and query, without
    /// scheme and host, the key's value replaced.
    static func redactedTarget(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "(unreadable URL)" }
        let path = components.path.isEmpty ? "/" : components.path
        guard let items = components.queryItems, !items.isEmpty else { return path }
        let query = items.map { item in
            item.name == KeyRedaction.parameter ? "\(item.name)=\(KeyRedaction.placeholder)" : "\(item.name)=\(item.value ?? "")"
        }
        return path + "?" + query.joined(separator: "&")
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.seconds * 1000)
    }

    private static func describe(_ error: TransportError) -> String {
        switch error {
        case .timeout: return "timed out"
        case .offline(let reason): return "offline (\(reason))"
        case .cancelled: return "cancelled"
        case .bodyTooLarge(let limit): return "body larger than \(limit) bytes"
        case .redirectRefused(let host): return "redirect to \(host.terminalSafe.prefix(100)) refused"
        case .bodyRejected: return "body rejected"
        case .certificateUntrusted(let reason): return "certificate not verified (\(reason.terminalSafe.prefix(200)))"
        case .certificateStoreMissing(let reason): return "no CA certificates (\(reason.terminalSafe.prefix(200)))"
        case .libraryUnavailable(let reason): return "libcurl not loaded (\(reason.terminalSafe.prefix(200)))"
        case .libraryCallFailed(let call, let code): return "\(call) failed with code \(code)"
        case .tooManyRedirects(let limit): return "more than \(limit) redirects"
        case .truncated: return "body cut short"
        case .undecodable(let reason): return "body encoding not undone (\(reason.terminalSafe.prefix(200)))"
        case .failed(let reason): return reason
        }
    }
}
