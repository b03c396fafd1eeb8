import Foundation

/// A way the fake NYT server can misbehave, for one path or for every path.
public enum FakeNYTFault: Sendable, Hashable {
    /// 401 with the NYT gateway's body (`error_401.json`).
    case unauthorized
    /// 403 with a gateway fault body.
    case forbidden
    /// 404 with a short JSON body, as for an unknown section.
    case notFound
    /// 429 with the gateway's quota body and, when given, a `Retry-After` header in seconds.
    case rateLimited(retryAfter: Int?)
    /// A 5xx status (e.g. 500, 503) with a short HTML body.
    case serverError(status: Int)
    /// Reads the request and never answers (until the client gives up or the server stops).
    case hang
    /// Answers normally, after `seconds`.
    case slow(seconds: TimeInterval)
    /// Answers normally, the response written `chunk` bytes at a time with `pause` seconds between
    /// (a large body arriving over a slow line).
    case paced(chunk: Int, pause: TimeInterval)
    /// 200 with the first half of the path's JSON body (and a Content-Length that matches it).
    case truncatedJSON
    /// 200 with an HTML page instead of JSON.
    case htmlBody
    /// 200 with a JSON envelope whose `status` is `"ERROR"`.
    case statusError
    /// 200 with an envelope whose items all have the wrong types (numbers for strings, arrays for uris).
    case wrongTypes
    /// 200 with bytes that are neither UTF-8 nor JSON.
    case garbage
    /// 200 with `Content-Encoding: gzip` over the path's JSON body as it is (not compressed).
    case falseEncoding
    /// 200 with a body that never ends (no Content-Length; an envelope whose list is followed by spaces
    /// until the client hangs up).
    case endlessBody
    /// `status` (e.g. 500) with an HTML body that never ends (no Content-Length; text until the client
    /// hangs up): only reading no more than an excerpt of a failure's body answers at once.
    case endlessErrorBody(status: Int)
    /// 200 with the first half of the path's JSON body under a Content-Length that announces all of it;
    /// then the connection closes.
    case shortBody
    /// A redirect (`status`, e.g. 302) to `location`, with a short HTML body.
    case redirect(to: String, status: Int)
    /// 401 with a fault body that quotes the request line (query and key included), as a careless proxy might.
    case echoRequestLine
}
