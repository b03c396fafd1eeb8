import FoundationEssentials
import NYTAPI
import NewsCore
import Synchronization

/// Where the service remembers until when an NYT API refused requests (the NYT limits each API separately).
public protocol RateLimitMemory: Sendable {
    func blockedUntil(api: String) throws -> Date?
    func setBlockedUntil(_ date: Date?, api: String) throws
}

/// Remembers for the life of the process only (tests, and when the cache cannot store it).
public final class TransientRateLimitMemory: RateLimitMemory {
    private let blocked = Mutex<[String: Date]>([:])

    public init() {}

    public func blockedUntil(api: String) -> Date? {
        blocked.withLock { $0[api] }
    }

    public func setBlockedUntil(_ date: Date?, api: String) {
        blocked.withLock { $0[api] = date }
    }
}

extension Feed {
    /// The NYT API a refresh of this feed calls (its `Endpoint`'s): rate limits and daily request counts
    /// are kept per API under this name; `none` for a feed the NYT does not serve.
    public var apiName: String {
        Endpoint(self)?.api.rawValue ?? "none"
    }
}
