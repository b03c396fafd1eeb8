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
        let stored = try store.writer.read { db in try String.fetchAll(db, sql: "SELECT nyttext(url) FROM article ORDER BY id") }
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

    @Test("The index that finds articles by address holds the addresses' ends: a third of what the whole addresses took")
    func addressIndexSize() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        // Newest first, as the NYT lists: the addresses begin with their dates, in falling order.
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let articles = (0..<5_000).map { index in
            var article = ArticleFactory.article(index, published: start)
            let day = 30 - index / 200
            article.url =
                "https://www.nytimes.com/2026/11/\(day < 10 ? "0" : "")\(day)/world/europe/story-of-the-day-\(index % 100)-\(index).html"
            return article
        }
        try store.apply(FeedSnapshot(feed: .topStories(.home), articles: articles, fetchedDate: .now), origin: .network)
        let bytes = try store.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'article_url%'") ?? 0
        }
        // An index of the stored paths (about 60 bytes each) took about 120 bytes an article.
        #expect(Double(bytes) / Double(articles.count) < 50, "\(bytes) bytes for \(articles.count) addresses")
        #expect(try store.entries(in: .topStories(.home), range: 0..<5_000).map(\.id) == articles.map(\.id))
    }

    @Test("Addresses that end alike are told apart; the index on their ends finds them without reading the table")
    func sameEnding() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let ending = "/world/europe/a-long-slug-that-ends-alike.html"
        var articles = (0..<3).map { ArticleFactory.article($0) }
        articles[0].url = "https://www.nytimes.com/2026/11/20" + ending
        articles[1].url = "https://www.nytimes.com/2026/11/21" + ending
        articles[2].url = "https://example.com/ü/日本" + String(repeating: "é", count: 30)
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: articles, fetchedDate: .now), origin: .network)
        for article in articles {
            #expect(try store.entry(forURL: article.url)?.id == article.id, "\(article.url)")
        }
        #expect(try store.entry(forURL: "https://www.nytimes.com/2026/11/22" + ending) == nil)
        #expect(try store.entry(forURL: "https://example.com/ü/日本" + String(repeating: "é", count: 29)) == nil)
        let plan = try store.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + ReadQueries.byURL, arguments: ["x", "x"]).map { try $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("USING INDEX article_urlKey") }, "\(plan)")
    }
}
