import FoundationEssentials
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
    /// The NYT API a refresh of this feed calls; rate limits are counted per API.
    var apiName: String {
        switch self {
        case .topStories: return "topstories"
        case .search: return "articlesearch"
        case .mostPopular: return "mostpopular"
        case .latest: return "newswire"
        case .archive: return "archive"
        case .saved: return "none"
        }
    }
}
