import ArticleStore
import FoundationEssentials
import NYTAPI
import NewsCore
import Synchronization

/// What the service does around each request it sends: it waits for a free slot of the request's API in
/// the cache (`policy.requestSpacing` after the last slot any process using the cache took for that API, and
/// after the last request to that API ended: the one before may have left late, and the NYT must have seen
/// it a spacing before) and takes it, counts the request for the day, and notes when it ended.
/// Two `nytreader` processes started back to back so keep to the NYT's limit together, as one does.
final class RequestSpacing: RequestGate {
    private let lanes: StoreLanes
    private let spacing: Duration
    private let now: @Sendable () -> Date
    private let onWait: RequestWaitObserver?
    /// APIs whose slot `reserveNow` took: their next request takes no other.
    private let held = Mutex<Set<Endpoint.API>>([])

    init(lanes: StoreLanes, spacing: Duration, now: @escaping @Sendable () -> Date, onWait: RequestWaitObserver?) {
        self.lanes = lanes
        self.spacing = spacing
        self.now = now
        self.onWait = onWait
    }

    /// Waits for a free slot of `api`, takes it and counts the request; `.cancelled` when the task is
    /// cancelled while it waits. A slot that cannot be written is no reason to fail: the request goes at
    /// once, as it would without a cache.
    func awaitTurn(for api: Endpoint.API) async throws(APIError) {
        if held.withLock({ $0.remove(api) }) == nil {
            try await waitForSlot(of: api)
        }
        let day = RequestDay(now()).text
        // Counted after the writes asked before it, without holding up the request. A count that cannot be
        // written only makes the daily warning late; it is no reason to fail the refresh.
        lanes.queueWrite { store in _ = try? store.countRequest(api: api.rawValue, day: day) }
    }

    /// Waits for a free slot of `api` and takes it ahead of the request, which then goes at once (its
    /// `awaitTurn` takes no other slot): the caller can look at the cache again after the wait, for what
    /// another process's request before it brought (an archive month imported whole meanwhile). A slot
    /// left unused is taken by the next request to `api`.
    func takeTurn(for api: Endpoint.API) async throws(APIError) {
        guard !held.withLock({ $0.contains(api) }) else { return }
        try await waitForSlot(of: api)
        held.withLock { _ = $0.insert(api) }
    }

    /// Waits until a slot of `api` is free (the spacing after the last slot any process took and after the
    /// last request ended) and takes it, checked and taken in one transaction. Nothing is held while it
    /// waits: a process interrupted then (Ctrl-C, a cron job's timeout, `kill -9`) leaves no slot behind
    /// for the next one to wait for. Of processes waiting at once, the first to wake takes the slot and the
    /// others wait for the next.
    private func waitForSlot(of api: Endpoint.API) async throws(APIError) {
        var announced = false
        while true {
            // Taken (nil), or a slot that cannot be written: the request goes at once, as without a cache.
            guard let start = await slotNow(for: api, at: now()), let start else { return }
            try await sleep(until: start, for: api, announced: &announced)
        }
    }

    /// Takes a slot for a request to `api` now, when no wait comes before it, and returns zero: the next
    /// `awaitTurn` for `api` sends at once in that slot. Otherwise takes nothing and returns the wait. A slot
    /// that cannot be written is no reason to fail: zero, and the request then takes its slot as usual.
    func reserveNow(for api: Endpoint.API) async -> Duration {
        let asked = now()
        switch await slotNow(for: api, at: asked) {
        case let start??:
            return Self.duration(start.timeIntervalSince(asked))
        case .some(nil):
            held.withLock { _ = $0.insert(api) }
            return .zero
        case nil:
            return .zero
        }
    }

    /// Takes a slot of `api` at `asked` when none is due before it (`ArticleStore.reserveRequestNow`): nil
    /// inside when taken, the first free moment when not; nil when the cache could not be written.
    private func slotNow(for api: Endpoint.API, at asked: Date) async -> Date?? {
        let seconds = spacing.seconds
        return try? await lanes.write { store throws(StoreError) in
            try store.reserveRequestNow(api: api.rawValue, spacing: seconds, at: asked)
        }
    }

    func requestEnded(for api: Endpoint.API) {
        let ended = now()
        // Not noted, the next request only leaves a little early; the NYT answers 429 if it minds.
        lanes.queueWrite { store in try? store.noteRequestEnded(api: api.rawValue, at: ended) }
    }

    /// How long until a request to `api` may be sent, after the last one any process sent, reserved or ended.
    func wait(for api: Endpoint.API) async -> Duration {
        let last = await last(api)
        let asked = now()
        let start = ArticleStore.firstFreeDate(after: last, spacing: spacing.seconds, now: asked)
        return Self.duration(start.timeIntervalSince(asked))
    }

    private func last(_ api: Endpoint.API) async -> (slot: Date, ended: Date?)? {
        (try? await lanes.read { store throws(StoreError) in try store.lastRequest(api: api.rawValue) }) ?? nil
    }

    /// Sleeps until `date`, told to the observer the first time it waits, and again for a second wait of a
    /// second or more (another process's request had not ended when the first was reckoned).
    private func sleep(until date: Date, for api: Endpoint.API, announced: inout Bool) async throws(APIError) {
        let wait = Self.duration(date.timeIntervalSince(now()))
        guard wait > .zero else { return }
        if !announced || wait >= .seconds(1) { onWait?(api, wait, announced) }
        announced = true
        do { try await Task.sleep(for: wait) } catch { throw .cancelled }
    }

    /// `seconds` as a duration in whole milliseconds, rounded up; zero when not ahead.
    private static func duration(_ seconds: TimeInterval) -> Duration {
        seconds > 0 ? .milliseconds(Int((seconds * 1000).rounded(.up))) : .zero
    }
}

/// Told, before the service waits for the spacing between requests, which API it waits for and how long;
/// told again (`longer` true) when, that wait over, the request has to wait longer.
public typealias RequestWaitObserver = @Sendable (_ api: Endpoint.API, _ wait: Duration, _ longer: Bool) -> Void
