import FoundationEssentials
import SQLite
import NewsCore

// The spacing between requests to one NYT API, kept in the cache so that every process using it keeps to
// the NYT's rate limit together: each request is sent `spacing` after the last one any of them sent.
extension ArticleStore {
    /// A stored time further ahead than this is not trusted (a clock set back, a damaged cache): no queue
    /// of processes waits that long.
    public static let longestRequestQueue: TimeInterval = 3_600

    /// When the last request to the NYT API named `api` was sent, or the next one is due, by any process
    /// using this cache.
    public func lastRequestDate(api: String) throws(StoreError) -> Date? {
        try read { db in try Self.lastRequest(api: api, in: db) }
    }

    /// Reserves the moment the next request to the NYT API named `api` may be sent, and returns it: `spacing`
    /// after the last one any process sent or reserved, and not before `now`. A process that takes the slot
    /// waits until then; the next one, in this process or another, is spaced after it.
    @discardableResult
    public func reserveRequest(api: String, spacing: TimeInterval, at now: Date) throws(StoreError) -> Date {
        try write { db in
            let start = Self.nextRequestDate(after: try Self.lastRequest(api: api, in: db), spacing: spacing, now: now)
            try db.cachedStatement(sql: """
                INSERT INTO lastRequest (api, requestedAt) VALUES (?, ?)
                ON CONFLICT(api) DO UPDATE SET requestedAt = excluded.requestedAt
                """).execute(arguments: [api, start.timeIntervalSince1970])
            return start
        }
    }

    /// The first moment a request may be sent `spacing` after `last`, not before `now`. A `last` further
    /// ahead than `longestRequestQueue` is ignored.
    public static func nextRequestDate(after last: Date?, spacing: TimeInterval, now: Date) -> Date {
        guard let last, last.timeIntervalSince(now) <= longestRequestQueue else { return now }
        return max(now, last.addingTimeInterval(max(0, spacing)))
    }

    private static func lastRequest(api: String, in db: Database) throws -> Date? {
        try Double.fetchOne(db.cachedStatement(sql: "SELECT requestedAt FROM lastRequest WHERE api = ?"), arguments: [api])
            .flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
    }
}
