import Foundation
import NewsCore
import SQLite
@testable import ArticleStore
import TestSupport
import Testing

@Suite("Refreshes set aside as they arrive")
struct StagedRefreshTests {
    let home = Feed.topStories(.home)

    /// A feed of `count` articles, one of them listed twice, some read, one updated with newer text.
    func articles(_ count: Int) -> [Article] {
        var articles = (0..<count).map { ArticleFactory.article($0) }
        articles[7].title = "Seven, with a title of its own"
        articles[7].updatedDate = Date(timeIntervalSince1970: 1_763_700_000.5)
        articles.append(ArticleFactory.article(3, title: "A repeat that loses"))
        return articles
    }

    /// Everything the cache shows of `feed`.
    func contents(of store: ArticleStore, _ feed: Feed) throws -> [ArticleEntry] {
        try store.entries(in: feed, range: 0..<10_000)
    }

    @Test("Applied in chunks, a staged refresh stores exactly what the same snapshot held whole stores", arguments: [1, 499, 500, 1_234])
    func sameAsWhole(count: Int) throws {
        let whole = try ArticleStore(inMemoryWith: .standard)
        let staged = try ArticleStore(inMemoryWith: .standard)
        for store in [whole, staged] {
            try store.apply(ArticleFactory.snapshot(home, 0..<5), origin: .network)
            try store.setRead(ArticleFactory.article(1).id, at: Date(timeIntervalSince1970: 1_763_600_100))
        }
        let fetched = Date(timeIntervalSince1970: 1_763_650_000)
        let snapshot = FeedSnapshot(feed: home, articles: articles(max(count, 10)), fetchedDate: fetched, skippedCount: 2)
        let wholeChanges = try whole.apply(snapshot, origin: .network)

        let refresh = try staged.beginStaging()
        for start in stride(from: 0, to: snapshot.articles.count, by: 300) {
            try staged.stage(Array(snapshot.articles[start..<min(start + 300, snapshot.articles.count)]), in: refresh)
        }
        var facts = snapshot
        facts.articles = []
        let stagedChanges = try staged.apply(refresh, as: facts, origin: .network)

        #expect(stagedChanges == wholeChanges)
        #expect(try contents(of: staged, home) == contents(of: whole, home))
        #expect(try staged.status(of: home) == whole.status(of: home))
        #expect(try staged.unreadCounts() == whole.unreadCounts())
        #expect(try staged.search("seven", limit: 5).map(\.entry.id) == whole.search("seven", limit: 5).map(\.entry.id))
        #expect(try contents(of: staged, home).first { $0.id == ArticleFactory.article(7).id }?.article.title
                == "Seven, with a title of its own")
    }

    @Test("Setting articles aside never waits for another process's write lock; two refreshes at once do not mix")
    func noWriteLockAndSeparate() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let store = try ArticleStore(path: path)
        let first = try store.beginStaging()
        let second = try store.beginStaging()
        #expect(first != second)
        let other = try DatabaseQueue(path: path)
        try other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            let started = ContinuousClock.now
            try store.stage((0..<600).map { ArticleFactory.article($0) }, in: first)
            try store.stage((1_000..<1_003).map { ArticleFactory.article($0) }, in: second)
            #expect(ContinuousClock.now - started < .seconds(2), "staging waited for the write lock")
        }
        let fetched = Date(timeIntervalSince1970: 1_763_650_000)
        try store.apply(second, as: FeedSnapshot(feed: .topStories(.world), articles: [], fetchedDate: fetched), origin: .network)
        try store.apply(first, as: FeedSnapshot(feed: home, articles: [], fetchedDate: fetched), origin: .network)
        #expect(try store.status(of: .topStories(.world)).count == 3)
        #expect(try store.status(of: home).count == 600)
    }

    @Test("A discarded refresh leaves nothing; an apply that fails changes nothing and forgets what was set aside")
    func discardAndFailure() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(home, 0..<3), origin: .network)
        let before = try contents(of: store, home)
        let dropped = try store.beginStaging()
        try store.stage((10..<20).map { ArticleFactory.article($0) }, in: dropped)
        store.discard(dropped)
        #expect(try store.apply(dropped, as: FeedSnapshot(feed: home, articles: [], fetchedDate: Date()), origin: .network).total == 0)
        #expect(try store.status(of: home).count == 0, "an empty refresh empties the feed, as a whole empty snapshot does")

        try store.apply(ArticleFactory.snapshot(home, 0..<3), origin: .network)
        let failing = try store.beginStaging()
        try store.stage((10..<20).map { ArticleFactory.article($0) }, in: failing)
        try store.writer.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TRIGGER fail BEFORE INSERT ON feedItem BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        #expect(throws: StoreError.self) {
            try store.apply(failing, as: FeedSnapshot(feed: home, articles: [], fetchedDate: Date()), origin: .network)
        }
        #expect(try contents(of: store, home) == before)
        let left = try store.writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM temp.stagedArticle") }
        #expect(left == 0)
    }
}
