import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// `ArticleStore.compact` (`nytreader archive --compact`): the text of rows written before packing packed,
/// the file written again without its free pages, and nothing a person sees changed by it.
@Suite("Compaction")
struct CompactionTests {
    let world = Feed.topStories(.world)

    /// Live articles with NYT uris of UUIDs and the texts of a real Top Stories one.
    static func liveArticles(_ count: Int) -> [Article] {
        (0..<count).map { index in
            var article = PackedTextTests.article(index)
            article.id = ArticleID("nyt://article/bdd640fb-0667-4ad1-9c80-\(String(format: "%012x", index))")
            article.url = "https://www.nytimes.com/2026/11/20/world/europe/ukraine-talks-\(index).html"
            return article
        }
    }

    /// Every packed column of every article made text again, as a version before packing wrote it.
    static func unpackAll(_ store: ArticleStore) throws {
        let columns = PackedText.columns.sorted().map { "\($0) = nyttext(\($0))" }.joined(separator: ", ")
        try store.writer.write { db in try db.execute(sql: "UPDATE article SET \(columns)") }
    }

    /// How many of the articles' values of each SQLite type the packed columns hold.
    static func storedTypes(_ store: ArticleStore) throws -> [String: Int] {
        try store.writer.read { db in
            var types: [String: Int] = [:]
            for column in PackedText.columns {
                for row in try Row.fetchAll(db, sql: "SELECT typeof(\(column)), COUNT(*) FROM article GROUP BY 1") {
                    types[try row[0], default: 0] += try row[1] as Int
                }
            }
            return types
        }
    }

    /// What a person sees of `articles` in `store`: each entry, found by id and by address, and a search.
    static func seen(_ articles: [Article], in store: ArticleStore) throws -> [String] {
        var seen: [String] = []
        for article in articles {
            let entry = try store.entry(for: article.id)
            seen.append("\(String(describing: entry?.article == article)) \(entry?.isRead ?? false) \(entry?.isSaved ?? false)")
            seen.append("\(try store.entry(forURL: article.url)?.id.rawValue ?? "not found by address")")
        }
        seen.append(try store.search("geneva negotiators", limit: 500).map(\.entry.id.rawValue).sorted().joined(separator: ","))
        seen.append(try store.search("april story", limit: 500).map(\.entry.id.rawValue).sorted().joined(separator: ","))
        return seen
    }

    @Test("Compacting packs the text of rows written before packing; every article reads, is found and searched as before")
    func packsRowsWrittenBefore() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        let live = Self.liveArticles(400)
        try store.apply(FeedSnapshot(feed: world, articles: live, fetchedDate: Date()), origin: .network)
        let archived = ArchiveStoreTests.articles(0..<300, prefix: "april")
        try ArchiveStoreTests.importMonth(store, ArchiveStoreTests.april, archived)
        try store.setRead(live[3].id, at: Date())
        try store.setSaved(live[5].id, at: Date())
        try store.setSaved(archived[7].id, at: Date())
        let packedSize = try store.fileSize()
        try Self.unpackAll(store)
        #expect(try Self.storedTypes(store)["blob"] == nil, "every value text, as before packing")
        let before = try Self.seen(live + archived, in: store)
        #expect(before.contains(live[0].id.rawValue) && before.contains(archived[0].id.rawValue))

        let compaction = try store.compact()
        #expect(compaction.packedArticles == 700 && compaction.rewritten)
        #expect(compaction.bytesAfter < compaction.bytesBefore, "\(compaction)")
        #expect(compaction.bytesAfter <= packedSize, "as small as the cache written packed: \(compaction), \(packedSize)")
        let types = try Self.storedTypes(store)
        #expect(types["blob", default: 0] >= 700 * 5, "\(types)")
        #expect(try Self.seen(live + archived, in: store) == before)
        #expect(try store.freeSize() == 0)
        // The same articles again change nothing; the uris in both forms are one row each.
        let again = try store.apply(FeedSnapshot(feed: world, articles: live, fetchedDate: Date()), origin: .network)
        #expect(again.updated == 0 && again.inserted == 0)
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article") } == 700)

        let second = try store.compact()
        #expect(second.packedArticles == 0 && !second.rewritten, "nothing left to do: \(second)")
        #expect(try Self.seen(live + archived, in: store) == before)
    }

    @Test("An older cache gives its free pages back when compacted, and gives back what forgetting frees from then on")
    func olderCacheGivesPagesBack() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("older.sqlite"))
        try store.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA auto_vacuum = NONE; VACUUM") }
        let april = ArchiveStoreTests.articles(0..<50, prefix: "april")
        try ArchiveStoreTests.importMonth(store, ArchiveStoreTests.april, april)
        try ArchiveStoreTests.importMonth(
            store, ArchiveStoreTests.march, ArchiveStoreTests.articles(0..<3_000, prefix: "march"), batch: 500)
        try store.forget([ArchiveStoreTests.march])
        let full = try store.fileSize()
        let free = try store.freeSize()
        #expect(free > full / 3, "kept inside the file: \(free) of \(full)")

        let compaction = try store.compact()
        #expect(compaction.rewritten && compaction.packedArticles == 0 && compaction.bytesBefore == full)
        let after = try store.fileSize()
        #expect(after < full - free * 3 / 4, "most of the free pages given back: \(after) of \(full), \(free) free")
        #expect(after == compaction.bytesAfter)
        #expect(try store.freeSize() == 0)
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") } == 2, "incremental from now on")
        #expect(try store.archiveMonths().map(\.month) == [ArchiveStoreTests.april])
        #expect(try store.entries(in: .archive(ArchiveStoreTests.april), range: 0..<100).count == 50)

        let compact = try store.fileSize()
        try ArchiveStoreTests.importMonth(
            store, ArchiveStoreTests.march, ArchiveStoreTests.articles(0..<3_000, prefix: "march"), batch: 500)
        try store.forget([ArchiveStoreTests.march])
        let forgotten = try store.fileSize()
        #expect(forgotten < compact + compact / 2, "forgetting gave the pages back: \(forgotten) against \(compact)")
    }
}
