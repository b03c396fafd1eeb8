import Foundation

/// What the fake NYT server answers to one request.
public struct FakeNYTResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// Extra header fields (Content-Length and Connection are added by the server).
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// A response with `status`, `headers` and `body`.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response (`Content-Type: application/json; charset=utf-8`).
    public static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> FakeNYTResponse {
        FakeNYTResponse(
            status: status,
            headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]) { own, _ in own },
            body: body
        )
    }

    /// A JSON response from text.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> FakeNYTResponse {
        json(Data(text.utf8), status: status, headers: headers)
    }

    /// The bytes on the wire: status line, header fields, blank line, body; the connection closes after it.
    var wireBytes: [UInt8] {
        wireBytes(sendingOnly: body.count)
    }

    /// The same head (its Content-Length announcing the whole body), followed by only the first `count`
    /// bytes of the body.
    func wireBytes(sendingOnly count: Int) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + Array(body.prefix(max(0, count)))
    }

    private static func reason(for status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status \(status)"
        }
    }
}
