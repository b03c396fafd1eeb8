import Foundation

/// The responses the fake NYT server sends for each fault, shaped like the endpoint that was asked.
enum FaultBodies {
    static func response(for fault: FakeNYTFault, request: FakeNYTRequest, normal: FakeNYTResponse) -> FakeNYTResponse {
        let isSearch = request.path.contains("/search/")
        switch fault {
        case .unauthorized:
            return .json(
                (try? Fixtures.data("error_401.json")) ?? Data(gatewayFault("Invalid ApiKey", "oauth.v2.InvalidApiKey").utf8), status: 401)
        case .forbidden:
            return .json(gatewayFault("The API key is not enabled for this API", "oauth.v2.ApiKeyNotApproved"), status: 403)
        case .notFound:
            return FakeNYTServer.notFound
        case .rateLimited(let retryAfter):
            let body =
                (try? Fixtures.data("error_429.json"))
                ?? Data(gatewayFault("Rate limit quota violation", "policies.ratelimit.QuotaViolation").utf8)
            return .json(body, status: 429, headers: retryAfter.map { ["Retry-After": String($0)] } ?? [:])
        case .serverError(let status):
            return html("<html><head><title>\(status)</title></head><body><h1>Service error \(status)</h1></body></html>", status: status)
        case .truncatedJSON:
            return .json(normal.body.prefix(max(1, normal.body.count / 2)))
        case .htmlBody:
            return html(
                "<!DOCTYPE html><html><head><title>Sign in</title></head><body><p>Please sign in to continue.</p></body></html>",
                status: 200)
        case .statusError:
            let payload = isSearch ? #""response":{"docs":[],"meta":{"hits":0}}"# : #""results":[]"#
            return .json(
                #"{"status":"ERROR","copyright":"Copyright (c) 2026 The New York Times Company.","errors":["Internal error"],\#(payload)}"#)
        case .wrongTypes:
            let items =
                isSearch
                ? #"[{"_id":1,"uri":2,"web_url":false,"headline":"x","pub_date":[]},{"_id":[],"uri":{"a":1},"web_url":3,"headline":7,"pub_date":4}]"#
                : #"[{"uri":42,"url":false,"title":["x"],"published_date":7},{"uri":[],"url":1,"title":{"a":1},"published_date":null}]"#
            let envelope = isSearch ? #""response":{"docs":\#(items),"meta":{"hits":2}}"# : #""num_results":2,"results":\#(items)"#
            return .json(#"{"status":"OK","copyright":"Copyright (c) 2026 The New York Times Company.",\#(envelope)}"#)
        case .garbage:
            return FakeNYTResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data([0xFF, 0xFE, 0x00, 0x9C, 0x7B, 0x22, 0xC3, 0x28, 0x5D, 0x01, 0x80]))
        case .falseEncoding:
            return FakeNYTResponse(
                status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: normal.body)
        case .redirect(let location, let status):
            var moved = html("<html><body>Moved to \(location)</body></html>", status: status)
            moved.headers["Location"] = location
            return moved
        case .echoRequestLine:
            let line = "\(request.method) \(request.target) HTTP/1.1"
            return .json(gatewayFault("Invalid ApiKey for \(line)", "oauth.v2.InvalidApiKey"), status: 401)
        case .hang, .slow, .paced, .endlessBody, .endlessErrorBody, .shortBody:
            return normal
        }
    }

    private static func gatewayFault(_ message: String, _ code: String) -> String {
        let escaped = message.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return #"{"fault":{"faultstring":"\#(escaped)","detail":{"errorcode":"\#(code)"}}}"#
    }

    private static func html(_ page: String, status: Int) -> FakeNYTResponse {
        FakeNYTResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(page.utf8))
    }
}
