import FoundationEssentials
import NewsCore
import NYTAPI
import ArticleStore

/// What the service does before each request it sends: it takes the next slot of the request's API in the
/// cache (`policy.requestSpacing` after the last request any process using the cache sent to that API),
/// waits for it, then counts the request for the day. Two `nytreader` processes started back to back so
/// keep to the NYT's limit together, as one does.
final class RequestSpacing: Sendable {
    private let lanes: StoreLanes
    private let spacing: Duration
    private let now: @Sendable () -> Date
    private let onWait: RequestWaitObserver?

    init(lanes: StoreLanes, spacing: Duration, now: @escaping @Sendable () -> Date, onWait: RequestWaitObserver?) {
        self.lanes = lanes
        self.spacing = spacing
        self.now = now
        self.onWait = onWait
    }

    /// Takes the next slot of `api`, waits for it and counts the request; `.cancelled` when the task is
    /// cancelled while it waits. A slot that cannot be written is no reason to fail: the request goes at
    /// once, as it would without a cache.
    func awaitSlot(for api: Endpoint.API) async throws(APIError) {
        let asked = now()
        let spacing = spacing.seconds
        let start = (try? await lanes.write { store throws(StoreError) in
            try store.reserveRequest(api: api.rawValue, spacing: spacing, at: asked)
        }) ?? asked
        let wait = Duration.milliseconds(Int((start.timeIntervalSince(asked) * 1000).rounded(.up)))
        if wait > .zero {
            onWait?(api, wait)
            do { try await Task.sleep(for: wait) } catch { throw .cancelled }
        }
        let day = RequestDay(now()).text
        // Counted after the writes asked before it, without holding up the request. A count that cannot be
        // written only makes the daily warning late; it is no reason to fail the refresh.
        lanes.queueWrite { store in _ = try? store.countRequest(api: api.rawValue, day: day) }
    }

    /// How long until a request to `api` may be sent, after the last one any process sent or reserved.
    func wait(for api: Endpoint.API) async -> Duration {
        let last = (try? await lanes.read { store throws(StoreError) in try store.lastRequestDate(api: api.rawValue) }) ?? nil
        let asked = now()
        let start = ArticleStore.nextRequestDate(after: last, spacing: spacing.seconds, now: asked)
        let remaining = start.timeIntervalSince(asked)
        return remaining > 0 ? .milliseconds(Int((remaining * 1000).rounded(.up))) : .zero
    }
}

/// Told, before the service waits for the spacing between requests, which API it waits for and how long.
public typealias RequestWaitObserver = @Sendable (Endpoint.API, Duration) -> Void
