import Foundation
import NewsCore

/// Where the service remembers until when an NYT API refused requests (the NYT limits each API separately).
public protocol RateLimitMemory: Sendable {
    func blockedUntil(api: String) throws -> Date?
    func setBlockedUntil(_ date: Date?, api: String) throws
}

/// Remembers for the life of the process only (tests, and when the cache cannot store it).
public final class TransientRateLimitMemory: RateLimitMemory, @unchecked Sendable {
    private let lock = NSLock()
    private var blocked: [String: Date] = [:]

    public init() {}

    public func blockedUntil(api: String) -> Date? {
        lock.withLock { blocked[api] }
    }

    public func setBlockedUntil(_ date: Date?, api: String) {
        lock.withLock { blocked[api] = date }
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
