import FoundationEssentials
import Glibc
import NewsCore
import ReaderService

/// When the feed on screen is next refreshed on its own: every `interval` while the reader is open, and
/// after a failure to reach the NYT, again after growing waits (30 s, 1, 2, 4, 8, then every 15 min).
struct AutoRefresh: Hashable, Sendable {
    /// Seconds between two refreshes; 0 turns refreshing on its own off.
    let interval: TimeInterval
    /// When the next refresh is due; nil when none is planned.
    private(set) var dueDate: Date?
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

    /// Plans the next refresh a full interval after `date`.
    mutating func schedule(after date: Date) {
        failures = 0
        dueDate = isOn ? date.addingTimeInterval(interval) : nil
    }

    /// Plans the next refresh after a refresh ended at `date`; returns the retry date when it failed to
    /// reach the NYT (for the status line).
    mutating func record(_ outcome: RefreshOutcome, at date: Date) -> Date? {
        guard isOn else { return nil }
        switch outcome.failure {
        case nil, .cancelled?:
            schedule(after: date)
            return nil
        case .offline?, .timeout?, .server?, .truncated?:
            failures += 1
            dueDate = date.addingTimeInterval(Self.retryWait(after: failures))
            return dueDate
        case .rateLimited(let seconds)?:
            failures = 0
            dueDate = date.addingTimeInterval(max(interval, TimeInterval(seconds ?? 60)))
            return nil
        case .some:
            schedule(after: date)
            return nil
        }
    }

    /// Whether a refresh is due at `date`.
    func isDue(at date: Date) -> Bool {
        dueDate.map { date >= $0 } ?? false
    }
}
