import FoundationEssentials

/// This machine's clock against the NYT server's (the `Date` of its answers): a clock set a month ahead
/// would otherwise date what it writes a month ahead, and prune or complete by that.
public enum ServerClock {
    /// How far the server's time may be from this machine's for this machine's to be trusted.
    public static let tolerance: TimeInterval = 3_600

    /// Whether `local`, this machine's time, is more than `tolerance` from `server`'s; false without one.
    public static func disagrees(local: Date, server: Date?) -> Bool {
        guard let server else { return false }
        return abs(local.timeIntervalSince(server)) > tolerance
    }

    /// The time to date a write by: `local`, unless it disagrees with `server`'s.
    public static func trusted(local: Date, server: Date?) -> Date {
        disagrees(local: local, server: server) ? server ?? local : local
    }
}
