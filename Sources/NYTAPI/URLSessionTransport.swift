import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPTransport` over URLSession: no cache, no cookies, a cap on the body size.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let maximumBodySize: Int

    public init(maximumBodySize: Int = 20 * 1024 * 1024) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration)
        self.maximumBodySize = maximumBodySize
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw Self.transportError(for: error)
        }
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
