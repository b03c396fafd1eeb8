import ArticleStore
import Foundation
import NewsCore
import TestSupport
import Testing

/// The store's side of ReaderService's `RateLimitMemory` (the service's conformance and its use are tested
/// in ReaderServiceTests: PersistentRateLimitTests runs the service on a store as its memory).
@Suite("Rate limits")
struct RateLimitTests {
    @Test("A rate limit is remembered per API, replaced, forgotten, and survives reopening")
    func remembered() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let until = Date(timeIntervalSince1970: 1_763_600_012.25)
        do {
            let store = try ArticleStore(path: path)
            #expect(try store.blockedUntil(api: "topstories") == nil)
            try store.setBlockedUntil(until.addingTimeInterval(-5), api: "topstories")
            try store.setBlockedUntil(until, api: "topstories")
            try store.setBlockedUntil(until.addingTimeInterval(60), api: "articlesearch")
        }
        let store = try ArticleStore(path: path)
        #expect(try store.blockedUntil(api: "topstories") == until)
        #expect(try store.blockedUntil(api: "articlesearch") == until.addingTimeInterval(60))
        try store.setBlockedUntil(nil, api: "topstories")
        #expect(try store.blockedUntil(api: "topstories") == nil)
        #expect(try store.blockedUntil(api: "articlesearch") == until.addingTimeInterval(60))
    }

    @Test("The version 1 database gains the rate-limit table")
    func fromVersionOne() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: try VersionOneFixture.copy(into: directory))
        #expect(try store.blockedUntil(api: "topstories") == nil)
        let until = Date(timeIntervalSince1970: 1_763_700_000)
        try store.setBlockedUntil(until, api: "topstories")
        #expect(try store.blockedUntil(api: "topstories") == until)
        #expect(try store.status(of: VersionOneFixture.world).count == 4)
    }
}
