/// What the client asks before each request it sends, and tells when each one ended: the service spaces
/// the requests to each NYT API by it (and counts them).
public protocol RequestGate: Sendable {
    /// Returns when a request to `api` may be sent (it may wait); what it throws (`.cancelled`) stops the
    /// request unsent.
    func awaitTurn(for api: Endpoint.API) async throws(APIError)
    /// The request to `api` the last `awaitTurn` let through has ended, answered or not.
    func requestEnded(for api: Endpoint.API)
}
