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

    @Test("Request slots are one spacing apart per API, across connections, and survive reopening; a far-future slot is not trusted")
    func requestSlots() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let now = Date(timeIntervalSince1970: 1_763_600_000)
        let one = try ArticleStore(path: path)
        let other = try ArticleStore(path: path)
        #expect(try one.lastRequest(api: "topstories") == nil)
        #expect(try one.reserveRequestNow(api: "topstories", spacing: 12, at: now) == nil, "nobody asked before: taken at once")
        #expect(try other.reserveRequestNow(api: "topstories", spacing: 12, at: now.addingTimeInterval(1)) == now.addingTimeInterval(12))
        #expect(try other.reserveRequestNow(api: "articlesearch", spacing: 12, at: now.addingTimeInterval(2)) == nil)
        #expect(try one.reserveRequestNow(api: "topstories", spacing: 12, at: now.addingTimeInterval(100)) == nil)
        #expect(try ArticleStore(path: path).lastRequest(api: "topstories")?.slot == now.addingTimeInterval(100))
        #expect(try one.lastRequest(api: "topstories")?.ended == nil)
        try other.noteRequestEnded(api: "topstories", at: now.addingTimeInterval(101))
        try one.noteRequestEnded(api: "topstories", at: now.addingTimeInterval(100.5))
        #expect(try one.lastRequest(api: "topstories")?.ended == now.addingTimeInterval(101), "the latest end is kept")

        let farAhead = now.addingTimeInterval(ArticleStore.longestRequestQueue + 60)
        #expect(ArticleStore.nextRequestDate(after: farAhead, spacing: 12, now: now) == now)
        #expect(ArticleStore.nextRequestDate(after: now.addingTimeInterval(-5), spacing: 12, now: now) == now.addingTimeInterval(7))
        #expect(
            ArticleStore.nextRequestDate(after: now.addingTimeInterval(50 * 60), spacing: 12, now: now) == now.addingTimeInterval(12),
            "a slot taken under a clock 50 minutes ahead: the spacing, not 50 minutes")
        #expect(ArticleStore.nextRequestDate(after: nil, spacing: 12, now: now) == now)
    }

    @Test("A slot taken only when free: taken at once, or nothing taken and the first free moment told")
    func requestSlotNow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let now = Date(timeIntervalSince1970: 1_763_600_000)
        let one = try ArticleStore(path: path)
        let other = try ArticleStore(path: path)
        #expect(try one.reserveRequestNow(api: "topstories", spacing: 12, at: now) == nil, "free: taken")
        #expect(try one.lastRequest(api: "topstories")?.slot == now)
        #expect(try other.reserveRequestNow(api: "topstories", spacing: 12, at: now.addingTimeInterval(1)) == now.addingTimeInterval(12))
        #expect(try one.lastRequest(api: "topstories")?.slot == now, "nothing taken")
        #expect(try other.reserveRequestNow(api: "articlesearch", spacing: 12, at: now) == nil, "another API is free")
        try one.noteRequestEnded(api: "topstories", at: now.addingTimeInterval(10))
        #expect(
            try other.reserveRequestNow(api: "topstories", spacing: 12, at: now.addingTimeInterval(13)) == now.addingTimeInterval(22),
            "spaced after the last request ended, too")
        #expect(try other.reserveRequestNow(api: "topstories", spacing: 12, at: now.addingTimeInterval(22)) == nil)
        #expect(try one.lastRequest(api: "topstories")?.slot == now.addingTimeInterval(22))

        // A turn taken and a request ended under a clock 50 minutes ahead, then the clock put back: one wait
        // of the spacing, then the turn is free (it was put off by 12 s at every look, for 50 minutes).
        let ahead = now.addingTimeInterval(3_000)
        #expect(try one.reserveRequestNow(api: "newswire", spacing: 12, at: ahead) == nil)
        try one.noteRequestEnded(api: "newswire", at: ahead.addingTimeInterval(1))
        #expect(try other.reserveRequestNow(api: "newswire", spacing: 12, at: now) == now.addingTimeInterval(12))
        #expect(try other.reserveRequestNow(api: "newswire", spacing: 12, at: now.addingTimeInterval(12)) == nil)
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
