import FoundationEssentials
import Glibc
import NewsCore
import ReaderService

/// When the feed on screen is next refreshed on its own: every `interval` while the reader is open, and
/// after a failure to reach the NYT, again after growing waits (30 s, 1, 2, 4, 8, then every 15 min).
/// Times are of a monotonic clock: a wall clock set back or forward moves no refresh.
struct AutoRefresh: Hashable, Sendable {
    /// Seconds between two refreshes; 0 turns refreshing on its own off.
    let interval: TimeInterval
    /// When the next refresh is due; nil when none is planned.
    private(set) var due: ContinuousClock.Instant?
    /// Failures to reach the NYT in a row.
    private(set) var failures = 0

    /// The shortest time between two refreshes on its own: the NYT allows 5 requests a minute per API.
    static let minimumInterval: TimeInterval = 12

    /// - Parameter interval: seconds; 0 (or less) turns it off, anything shorter than `minimumInterval` is raised to it.
    init(interval: TimeInterval) {
        self.interval = interval.isFinite && interval > 0 ? max(Self.minimumInterval, interval) : 0
    }

    var isOn: Bool { interval > 0 }

    /// The wait before the `attempt`-th retry after the network failed.
    static func retryWait(after attempt: Int) -> TimeInterval {
        min(30 * pow(2, Double(max(0, min(attempt, 10) - 1))), 15 * 60)
    }

    /// Plans the next refresh a full interval after `instant`.
    mutating func schedule(after instant: ContinuousClock.Instant) {
        failures = 0
        due = isOn ? instant + .seconds(interval) : nil
    }

    /// Plans the next refresh after a refresh ended at `instant`; returns the wait before the retry when
    /// it failed to reach the NYT (for the status line).
    mutating func record(_ outcome: RefreshOutcome, at instant: ContinuousClock.Instant) -> TimeInterval? {
        guard isOn else { return nil }
        switch outcome.failure {
        case nil, .cancelled?:
            schedule(after: instant)
            return nil
        case .offline?, .timeout?, .server?, .truncated?:
            failures += 1
            let wait = Self.retryWait(after: failures)
            due = instant + .seconds(wait)
            return wait
        case .rateLimited(let seconds)?:
            failures = 0
            due = instant + .seconds(max(interval, TimeInterval(seconds ?? 60)))
            return nil
        case .some:
            schedule(after: instant)
            return nil
        }
    }

    /// Whether a refresh is due at `instant`.
    func isDue(at instant: ContinuousClock.Instant) -> Bool {
        due.map { instant >= $0 } ?? false
    }
}
