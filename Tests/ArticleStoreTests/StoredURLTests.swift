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

    @Test("A refresh listed newest first leaves the index on addresses filled, not half empty, and its order kept")
    func addressIndexFill() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        // Newest first, as the NYT lists: the addresses begin with their dates, in falling order.
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let articles = (0..<3_000).map { index in
            var article = ArticleFactory.article(index, published: start)
            let day = 30 - index / 100
            article.url = "https://www.nytimes.com/2026/11/\(day < 10 ? "0" : "")\(day)/world/story-\(index % 100)-\(index).html"
            return article
        }
        try store.apply(FeedSnapshot(feed: .topStories(.home), articles: articles, fetchedDate: .now), origin: .network)
        let (size, unused) = try store.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT SUM(pgsize), SUM(unused) FROM dbstat WHERE name = 'article_url'")
                .map { ($0[0] as Int, $0[1] as Int) }!
        }
        #expect(Double(unused) / Double(size) < 0.3, "\(unused) of \(size) bytes unused")
        #expect(try store.entries(in: .topStories(.home), range: 0..<3_000).map(\.id) == articles.map(\.id))
    }
}
