import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Refreshes set aside as they arrive")
struct StagedRefreshTests {
    let home = Feed.topStories(.home)

    /// A feed of `count` articles, one of them listed twice, some read, one updated with newer text.
    func articles(_ count: Int) -> [Article] {
        var articles = (0..<count).map { ArticleFactory.article($0) }
        articles[7].title = "Seven, with a title of its own"
        articles[7].updatedDate = Date(timeIntervalSince1970: 1_763_700_000.5)
        // Text without spaces goes to the CJK index, from the title and from an abstract that is also the lead.
        articles[8].title = "東京の天気"
        articles[9].abstract = "大阪の経済"
        articles[9].leadParagraph = articles[9].abstract
        articles.append(ArticleFactory.article(3, title: "A repeat that loses"))
        return articles
    }

    /// Everything the cache shows of `feed`.
    func contents(of store: ArticleStore, _ feed: Feed) throws -> [ArticleEntry] {
        try store.entries(in: feed, range: 0..<10_000)
    }

    /// Bounds that write every article aside, hold them all, or write aside once 700 have come.
    static let bounds: [StagingBound] = [.none, .standard, StagingBound(articles: 700, textBytes: 1 << 30)]

    @Test(
        "Held in memory or applied in chunks, a staged refresh stores exactly what the same snapshot held whole stores",
        arguments: [1, 499, 500, 1_234], bounds
    )
    func sameAsWhole(count: Int, bound: StagingBound) throws {
        let whole = try ArticleStore(inMemoryWith: .standard)
        let staged = try ArticleStore(inMemoryWith: .standard)
        for store in [whole, staged] {
            try store.apply(ArticleFactory.snapshot(home, 0..<5), origin: .network)
            try store.setRead(ArticleFactory.article(1).id, at: Date(timeIntervalSince1970: 1_763_600_100))
        }
        let fetched = Date(timeIntervalSince1970: 1_763_650_000)
        let snapshot = FeedSnapshot(feed: home, articles: articles(max(count, 10)), fetchedDate: fetched, skippedCount: 2)
        let wholeChanges = try whole.apply(snapshot, origin: .network)

        let refresh = staged.beginStaging(holding: bound)
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
        for word in ["東京", "経済"] {
            let found = try staged.search(word, limit: 5).map(\.entry.id)
            #expect(!found.isEmpty, "\(word)")
            #expect(found == (try whole.search(word, limit: 5).map(\.entry.id)), "\(word)")
        }
        #expect(
            try contents(of: staged, home).first { $0.id == ArticleFactory.article(7).id }?.article.title
                == "Seven, with a title of its own")
    }

    @Test("Setting articles aside never waits for another process's write lock; two refreshes at once do not mix")
    func noWriteLockAndSeparate() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let store = try ArticleStore(path: path)
        let first = store.beginStaging(holding: .none)
        let second = store.beginStaging(holding: .none)
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
        let dropped = store.beginStaging(holding: .none)
        try store.stage((10..<20).map { ArticleFactory.article($0) }, in: dropped)
        store.discard(dropped)
        #expect(try store.apply(dropped, as: FeedSnapshot(feed: home, articles: [], fetchedDate: Date()), origin: .network).total == 0)
        #expect(try store.status(of: home).count == 0, "an empty refresh empties the feed, as a whole empty snapshot does")

        try store.apply(ArticleFactory.snapshot(home, 0..<3), origin: .network)
        let failing = store.beginStaging(holding: .none)
        try store.stage((10..<20).map { ArticleFactory.article($0) }, in: failing)
        try store.writer.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TRIGGER fail BEFORE INSERT ON feedItem BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        #expect(throws: StoreError.self) {
            try store.apply(failing, as: FeedSnapshot(feed: home, articles: [], fetchedDate: Date()), origin: .network)
        }
        #expect(try contents(of: store, home) == before)
        #expect(try rowsSetAside(store) == 0)
    }

    /// Articles in the temporary table (none when it was never made).
    func rowsSetAside(_ store: ArticleStore) throws -> Int {
        try store.writer.writeWithoutTransaction { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM temp.sqlite_schema WHERE name = 'stagedBatch')") == true
            else { return 0 }
            return try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(articleCount), 0) FROM temp.stagedBatch") ?? 0
        }
    }

    @Test("A refresh within its bound is held in memory, written to the cache once; past either bound all of it is set aside")
    func heldWithinBound() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let bound = StagingBound(articles: 100, textBytes: 60_000)
        let short = store.beginStaging(holding: bound)
        try store.stage((0..<60).map { ArticleFactory.article($0) }, in: short)
        try store.stage((60..<100).map { ArticleFactory.article($0) }, in: short)
        #expect(try rowsSetAside(store) == 0, "100 articles are held in memory")

        let long = store.beginStaging(holding: bound)
        try store.stage((200..<260).map { ArticleFactory.article($0) }, in: long)
        #expect(try rowsSetAside(store) == 0)
        try store.stage((260..<301).map { ArticleFactory.article($0) }, in: long)
        #expect(try rowsSetAside(store) == 101, "the 101st article sets all of them aside")
        try store.stage((301..<305).map { ArticleFactory.article($0) }, in: long)
        #expect(try rowsSetAside(store) == 105, "and every one after")

        var wordy = ArticleFactory.article(400)
        wordy.abstract = String(repeating: "word ", count: 12_000)
        let large = store.beginStaging(holding: bound)
        try store.stage([wordy], in: large)
        #expect(try rowsSetAside(store) == 106, "60 kB of text is past the bound of bytes")

        let fetched = Date(timeIntervalSince1970: 1_763_650_000)
        #expect(try store.apply(short, as: FeedSnapshot(feed: home, articles: [], fetchedDate: fetched), origin: .network).total == 100)
        #expect(
            try store.apply(long, as: FeedSnapshot(feed: .topStories(.world), articles: [], fetchedDate: fetched), origin: .network).total
                == 105)
        #expect(try store.status(of: home).count == 100)
        #expect(try store.status(of: .topStories(.world)).count == 105)
        #expect(try rowsSetAside(store) == 1, "applied refreshes forget their rows")
        store.discard(large)
        #expect(try rowsSetAside(store) == 0)
    }

    @Test("A discarded refresh held in memory stores nothing")
    func discardHeld() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(home, 0..<3), origin: .network)
        let dropped = store.beginStaging()
        try store.stage((10..<20).map { ArticleFactory.article($0) }, in: dropped)
        store.discard(dropped)
        #expect(try store.apply(dropped, as: FeedSnapshot(feed: home, articles: [], fetchedDate: Date()), origin: .network).total == 0)
    }
}
