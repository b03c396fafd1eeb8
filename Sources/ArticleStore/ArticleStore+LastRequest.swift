import FoundationEssentials
import NewsCore
import SQLite

// The spacing between requests to one NYT API, kept in the cache so that every process using it keeps to
// the NYT's rate limit together: each request is sent `spacing` after the last one any of them sent (its
// slot) and after the last one ended (so the NYT has seen the one before, however long it took to leave).
extension ArticleStore {
    /// A stored time further ahead than this is not trusted (a clock set back, a damaged cache): no queue
    /// of processes waits that long.
    public static let longestRequestQueue: TimeInterval = 3_600

    /// The last slot taken for a request to the NYT API named `api` (sent, or due), and when the last
    /// request to it ended, by any process using this cache.
    public func lastRequest(api: String) throws(StoreError) -> (slot: Date, ended: Date?)? {
        try read { db in try Self.lastRequest(api: api, in: db) }
    }

    /// Takes a slot for a request to the NYT API named `api` at `now` when no wait comes before it (`spacing`
    /// after the last slot any process took and after the last request ended), and returns nil; otherwise
    /// takes nothing and returns the first moment a request may go. One transaction: of processes that
    /// check at once, one takes the slot and the others see it taken (`refresh --no-wait`).
    public func reserveRequestNow(api: String, spacing: TimeInterval, at now: Date) throws(StoreError) -> Date? {
        try write { db in
            // Times stored ahead of now (a clock since put back) are brought back to now: counted as now at
            // every look, they would put the turn off by the spacing again and again until the clock caught up.
            try db.cachedStatement(
                sql: """
                    UPDATE lastRequest SET requestedAt = MIN(requestedAt, ?1), endedAt = MIN(endedAt, ?1)
                    WHERE api = ?2 AND (requestedAt > ?1 OR endedAt > ?1)
                    """
            ).execute(arguments: [now.timeIntervalSince1970, api])
            let start = Self.firstFreeDate(after: try Self.lastRequest(api: api, in: db), spacing: spacing, now: now)
            guard start <= now else { return start }
            try Self.takeSlot(now, api: api, in: db)
            return nil
        }
    }

    /// Notes that a request to the NYT API named `api` ended at `date` (kept when later than the last one noted).
    public func noteRequestEnded(api: String, at date: Date) throws(StoreError) {
        try write { db in
            try db.cachedStatement(
                sql: """
                    UPDATE lastRequest SET endedAt = MAX(COALESCE(endedAt, 0), ?) WHERE api = ?
                    """
            ).execute(arguments: [date.timeIntervalSince1970, api])
        }
    }

    /// The first moment a request may be sent `spacing` after both the `last` slot taken and the end of the
    /// last request, not before `now`.
    public static func firstFreeDate(after last: (slot: Date, ended: Date?)?, spacing: TimeInterval, now: Date) -> Date {
        [last?.slot, last?.ended].map { nextRequestDate(after: $0, spacing: spacing, now: now) }.max() ?? now
    }

    /// The first moment a request may be sent `spacing` after `last`, not before `now`. A slot is only ever
    /// taken at its process's now, so a `last` ahead of `now` was written under a clock ahead of this one (or
    /// since set back): it counts as now, a wait of `spacing` at most, not the hour of a clock corrected by
    /// NTP. One further ahead than `longestRequestQueue` (a damaged cache) is ignored.
    public static func nextRequestDate(after last: Date?, spacing: TimeInterval, now: Date) -> Date {
        guard let last, last.timeIntervalSince(now) <= longestRequestQueue else { return now }
        return max(now, min(last, now).addingTimeInterval(max(0, spacing)))
    }

    private static func takeSlot(_ slot: Date, api: String, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO lastRequest (api, requestedAt) VALUES (?, ?)
                ON CONFLICT(api) DO UPDATE SET requestedAt = excluded.requestedAt
                """
        ).execute(arguments: [api, slot.timeIntervalSince1970])
    }

    private static func lastRequest(api: String, in db: Database) throws -> (slot: Date, ended: Date?)? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT requestedAt, endedAt FROM lastRequest WHERE api = ?"), arguments: [api]
            )
        else { return nil }
        func date(_ seconds: Double?) -> Date? { seconds.flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil } }
        guard let slot = date(try row[0]) else { return nil }
        return (slot, date(try row[1]))
    }
}
