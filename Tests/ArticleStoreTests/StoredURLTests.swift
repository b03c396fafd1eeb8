import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// How the cache stores web addresses and pages: an NYT address from its path, read back whole, found by
/// either form; a new cache in 16 kB pages.
@Suite("Stored web addresses and pages")
struct StoredURLTests {
    @Test("An NYT address is stored from its path and read back whole; another address is stored whole")
    func compact() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var elsewhere = ArticleFactory.article(1)
        elsewhere.url = "https://example.com/x"
        try store.apply(
            FeedSnapshot(feed: .topStories(.world), articles: [ArticleFactory.article(0), elsewhere], fetchedDate: .now), origin: .network)
        let stored = try store.writer.read { db in try String.fetchAll(db, sql: "SELECT url FROM article ORDER BY id") }
        #expect(stored == ["/2026/11/20/test/article-0.html", "https://example.com/x"])
        let entries = try store.entries(in: .topStories(.world), range: 0..<2)
        #expect(entries.map(\.article.url) == ["https://www.nytimes.com/2026/11/20/test/article-0.html", "https://example.com/x"])
        #expect(try store.entry(forURL: "https://www.nytimes.com/2026/11/20/test/article-0.html")?.id == entries[0].id)
        #expect(try store.entry(forURL: "https://example.com/x")?.id == entries[1].id)
        #expect(try store.entry(forURL: "/2026/11/20/test/article-0.html")?.id == entries[0].id, "a path is an NYT address")
    }

    @Test("An address an earlier version stored whole is found, read, and not taken for a change by the next refresh")
    func storedWhole() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let article = ArticleFactory.article(0)
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [article], fetchedDate: .now), origin: .network)
        try store.writer.write { db in try db.execute(sql: "UPDATE article SET url = ?", arguments: [article.url]) }
        #expect(try store.entry(forURL: article.url)?.article.url == article.url)
        let again = try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [article], fetchedDate: .now), origin: .network)
        #expect(again.updated == 0)
    }

    @Test("A new cache is made of 16 kB pages")
    func pageSize() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 16_384)
    }
}
