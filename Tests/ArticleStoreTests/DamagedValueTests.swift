import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// Values a cache should not hold, written by another program or left by damage: the tables do not
/// enforce their types. Each is a damaged cache (`StoreError.Code.corrupt`) or a count kept in bounds,
/// never a trap.
@Suite("Damaged values in the cache")
struct DamagedValueTests {
    let world = Feed.topStories(.world)
    let march = ArchiveStoreTests.march

    /// A cache on disk holding three articles of World and an imported month, damaged with `sql`.
    func damaged(_ sql: String) throws -> (ArticleStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        do {
            let store = try ArticleStore(path: path)
            try store.apply(ArticleFactory.snapshot(world, 0..<3), origin: .network)
            try ArchiveStoreTests.importMonth(store, march, ArchiveStoreTests.articles(0..<2))
        }
        // With the store's SQL functions: the address's index is made with them.
        let connection = try DatabaseQueue(path: path, configuration: .fullText)
        try connection.write { db in try db.execute(sql: sql) }
        return (try ArticleStore(path: path), directory)
    }

    @Test(
        "A value of another kind than its column's is a damaged cache, said as one",
        arguments: [
            "UPDATE article SET publishedAt = 'yesterday'", "UPDATE article SET publishedAt = 1.5e300",
            "UPDATE article SET readAt = 'soon'", "UPDATE article SET publishedAt = 9223372036854775807",
        ])
    func valueOfAnotherKind(sql: String) throws {
        let (store, directory) = try damaged(sql)
        _ = directory
        #expect(throws: StoreError.self) { try store.entries(in: world, range: 0..<10) }
        do {
            _ = try store.entries(in: world, range: 0..<10)
        } catch {
            #expect(error.code == .corrupt, "\(error)")
        }
    }

    @Test("Counts out of bounds are read within them: never negative, never more unread than articles")
    func countsBounded() throws {
        let (store, directory) = try damaged(
            "UPDATE feed SET articleCount = -5, unreadCount = 9223372036854775807, pageCount = -9223372036854775808")
        _ = directory
        let status = try store.status(of: world)
        #expect(status.count == 0 && status.unreadCount == 0 && status.pageCount == 0)
        let huge = try damaged("UPDATE feed SET articleCount = 9223372036854775807, unreadCount = -3")
        _ = huge.1
        let bounded = try huge.0.status(of: world)
        #expect(bounded.count == StoredCount.maximum && bounded.unreadCount == 0)
    }

    @Test("An archive month's counts and span out of bounds: bounded counts, and a span past the last id is a damaged cache")
    func archiveBounds() throws {
        let (store, directory) = try damaged("UPDATE archiveMonth SET byteCount = 9223372036854775807, articleCount = -1")
        _ = directory
        let month = try #require(try store.archiveMonths().first)
        #expect(month.byteCount == StoredCount.maximum && month.articleCount == 0)
        let span = try damaged("UPDATE archiveSpan SET lastId = 9223372036854775807")
        _ = span.1
        #expect(throws: StoreError.self) {
            try span.0.trend(TrendQuery(terms: ["story"], interval: .year, latest: ArchiveStoreTests.latest))
        }
        for partition in ["-5", "1", "9223372036854775807"] {
            let index = try damaged("UPDATE archiveSpan SET ftsPartition = \(partition)")
            _ = index.1
            let error = try #require(throws: StoreError.self) {
                try index.0.trend(TrendQuery(terms: ["story"], interval: .year, latest: ArchiveStoreTests.latest))
            }
            #expect(error.code == .corrupt, "\(partition): \(error)")
        }
        let time = try damaged("UPDATE archiveMonth SET completedAt = 'soon'")
        _ = time.1
        #expect(throws: StoreError.self) { try time.0.archiveMonths() }
    }

    @Test("The largest article id leaves no id for the next article: a damaged cache, not an overflow")
    func idsUsedUp() throws {
        let (store, directory) = try damaged(
            """
            INSERT INTO article (id, uri, url, title, kicker, byline, abstract, leadParagraph, section, subsection, itemType,
                publishedAt, fetchedAt)
            VALUES (9223372036854775807, 'nyt://article/last', '', 'Last', '', '', '', '', '', '', '', 0, 0)
            """)
        _ = directory
        #expect(throws: StoreError.self) { try store.apply(ArticleFactory.snapshot(world, 10..<12), origin: .network) }
    }
}
