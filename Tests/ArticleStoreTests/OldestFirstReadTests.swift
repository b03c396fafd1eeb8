import Foundation
import NewsCore
import SQLite
import Synchronization
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Archive indexes whose matches all count, read oldest first")
struct OldestFirstReadTests {
    /// A store whose archive holds May of 2001 … 2012, 40 articles each: `zeppelin` in two articles a year
    /// from 2005 on and in 30 a year before, `harbour` in two a year.
    static func archive(_ store: ArticleStore) throws {
        for year in 2001...2012 {
            let month = ArchiveMonth("\(year)-05", latest: ArchiveStoreTests.latest)!
            var articles = ArchiveStoreTests.articles(0..<40, prefix: month.description)
            for index in articles.indices where index < (year >= 2005 ? 2 : 30) {
                articles[index].title = "Zeppelin over the city \(index)"
            }
            for index in articles.indices where index % 20 == 7 { articles[index].leadParagraph = "The harbour at dawn" }
            try ArchiveStoreTests.importMonth(store, month, articles)
        }
    }

    /// The ids `ArticleSearch` finds for `query` in `store` (on its connections), ranked in `window`, with
    /// or without reading oldest first the indexes whose matches all count.
    static func hits(_ query: String, in store: ArticleStore, window: Int, limit: Int, oldestFirst: Bool) throws -> [ArticleID] {
        try store.writer.read { db in
            var search = ArticleSearch(db: db, pool: store.writer)
            search.window = window
            search.readsSparseIndexesOldestFirst = oldestFirst
            return try search.hits(for: SearchTerms(query), limit: limit).map(\.entry.id)
        }
    }

    @Test("Each index read gives its newest matches up to the read's limit, newest first, whichever way it is read")
    func newestFirstEitherWay() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.archive(store)
        let expectations = Mutex<[Int: Bool]>([:])
        try store.writer.read { db in
            let partitions = [ArchiveIndex.livePartition] + (try ArchiveIndex.partitions(in: db))
            let counts = try ArchiveSpans.articleCounts(in: db)
            let found = try NewestMatches.find(
                indexes: partitions.count, candidates: 30, db: db, pool: nil,
                sizing: { _ in partitions.map { counts[$0] ?? 0 } }
            ) { db, read in
                expectations.withLock { $0[read.index] = read.expectsAll }
                let table = ArchiveIndex.table(partitions[read.index])
                let index = ArticleSearch.IndexQuery(
                    db: db, table: table, cjkFilter: false, feed: nil, arguments: ["\"zeppelin\"".databaseValue])
                let matches = try index.newestMatches(read)
                let newest = try Int64.fetchAll(
                    db, sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH 'zeppelin' ORDER BY rowid DESC LIMIT ?",
                    arguments: [read.limit])
                #expect(matches.map(\.id) == newest, "\(table), read whole: \(read.expectsAll)")
                return matches
            }
            #expect(found.count == 30)
        }
        // The live index and 2012 come before the sizes; 2011 … 2005 hold two matches each, all expected to
        // count; 2004 too at that rate, but holds 30 of which 14 count: read oldest first, it finds more
        // than its limit and is read again newest first.
        let expected = expectations.withLock { $0 }
        #expect(expected.count == 10)
        #expect(expected[0] == false && expected[1] == false)
        #expect((2...9).allSatisfy { expected[$0] == true }, "\(expected)")
    }

    @Test("A search ranks the same matches whether the indexes expected to count whole are read oldest first or not")
    func sameHits() throws {
        let directory = try TemporaryDirectory()
        let file = try ArticleStore(path: directory.path("cache.sqlite"))
        let memory = try ArticleStore(inMemoryWith: .standard)
        try Self.archive(file)
        try Self.archive(memory)
        for store in [file, memory] {
            for query in ["zeppelin", "harbour", "zeppelin harbour", "zepp", "city harb"] {
                for (window, limit) in [(30, 5), (30, 30), (200, 10), (1_000, 50)] {
                    let hits = { (oldestFirst: Bool) in
                        try Self.hits(query, in: store, window: window, limit: limit, oldestFirst: oldestFirst)
                    }
                    let newestFirst = try hits(false)
                    #expect(!newestFirst.isEmpty, "\(query)")
                    #expect(try hits(true) == newestFirst, "\(query), window \(window), limit \(limit)")
                }
            }
        }
    }

    @Test("Spans a damaged cache holds (backwards, past 64 bits when summed) leave the estimate bounded and the hits the same")
    func damagedSpans() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.archive(store)
        try store.writer.write { db in
            try db.execute(
                sql: """
                    UPDATE archiveSpan SET firstId = -9223372036854775807, lastId = 9223372036854775807
                        WHERE month IN ('2012-05', '2011-05');
                    UPDATE archiveSpan SET lastId = firstId - 1000 WHERE month = '2010-05'
                    """)
        }
        let counts = try store.writer.read { db in try ArchiveSpans.articleCounts(in: db) }
        #expect(counts[2012] == ArchiveSpans.largestCount && counts[2010] == 0 && counts[2009] == 40, "\(counts)")
        for query in ["zeppelin", "zeppelin harbour"] {
            let hits = { (oldestFirst: Bool) in
                try Self.hits(query, in: store, window: 30, limit: 10, oldestFirst: oldestFirst)
            }
            #expect(try hits(true) == (try hits(false)), "\(query)")
        }
    }
}
