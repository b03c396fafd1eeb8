import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Sets of articles per common word of the archive indexes")
struct ArchiveWordSetsTests {
    /// Words each article holds with a chance of 1 in 3 in one of its four texts (common in every index),
    /// and a word in 1 of 40 articles.
    static let common = ["federal", "reserve", "interest", "rates", "budget"]
    static let rare = "zeppelin"

    /// The articles of `month`: texts of the common words drawn from a fixed sequence (`seed`), so that the
    /// same words meet in some articles only, with filler words between them.
    static func articles(of month: ArchiveMonth, count: Int, seed: UInt64) -> [Article] {
        var random = seed
        func next() -> UInt64 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return random >> 33
        }
        var articles = ArchiveStoreTests.articles(0..<count, prefix: month.description)
        for index in articles.indices {
            var texts = ["a title", "an abstract of the day", "the lead paragraph", "By A Writer"]
            for word in common where next() % 3 == 0 {
                texts[Int(next() % 4)] += " \(word == "rates" && next() % 2 == 0 ? "Rates" : word) and more"
            }
            if index % 40 == 3 { texts[2] += " \(rare)" }
            articles[index].title = texts[0]
            articles[index].abstract = texts[1]
            articles[index].leadParagraph = texts[2]
            articles[index].byline = texts[3]
        }
        return articles
    }

    /// A store whose archive holds March and April of 2010, 2011 and 2012, 150 articles each, every index
    /// with its sets (any index size).
    static func archive(_ store: ArticleStore) throws {
        for (offset, name) in ["2010-03", "2010-04", "2011-03", "2011-04", "2012-03", "2012-04"].enumerated() {
            let month = ArchiveMonth(name, latest: ArchiveStoreTests.latest)!
            try ArchiveStoreTests.importMonth(store, month, articles(of: month, count: 150, seed: UInt64(offset + 1)))
        }
        try buildSets(store)
    }

    static func buildSets(_ store: ArticleStore) throws {
        try store.writer.write { db in
            for partition in try ArchiveWordSets.unbuilt(in: db) {
                try ArchiveWordSets.build(partition, minimumArticles: 0, in: db)
            }
        }
    }

    /// The ids `ArticleSearch` finds for `query`, best first, with the sets whenever they are there, or never.
    static func hits(_ query: String, in store: ArticleStore, window: Int = ArticleSearch.candidates, limit: Int, sets: Bool) throws
        -> [ArticleID]
    {
        try store.writer.read { db in
            var search = ArticleSearch(db: db, pool: store.writer)
            search.window = window
            search.wordSets = sets ? .always : .never
            return try search.hits(for: SearchTerms(query), limit: limit).map(\.entry.id)
        }
    }

    static let queries = [
        "federal reserve", "federal reserve interest rates", "interest rates budget", "rates rates", "Rates federal",
        "federal reserve budget", "federal zeppelin", "reserve rat", "budget", "federal reserve interest rat",
    ]

    @Test("A search finds and ranks the same articles with the sets as FTS5 does without them")
    func sameHits() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        try Self.archive(store)
        for query in Self.queries {
            for (window, limit) in [(1_000, 50), (1_000, 1_000), (40, 10), (200, 200)] {
                let without = try Self.hits(query, in: store, window: window, limit: limit, sets: false)
                #expect(!without.isEmpty, "\(query) finds something")
                #expect(try Self.hits(query, in: store, window: window, limit: limit, sets: true) == without, "\(query), \(window)")
                let chosen = try store.writer.read { db in
                    var search = ArticleSearch(db: db, pool: store.writer)
                    search.window = window
                    return try search.hits(for: SearchTerms(query), limit: limit).map(\.entry.id)
                }
                #expect(chosen == without, "the sets where they cost less: \(query)")
            }
        }
    }

    @Test("Each candidate is given nytrank's score of its row, and one that does not hold every word none")
    func sameScores() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.archive(store)
        try store.writer.read { db in
            for partition in try ArchiveIndex.partitions(in: db) {
                let table = ArchiveIndex.table(partition)
                for words in [["federal", "reserve"], ["interest", "rates", "budget"], ["rates"], ["federal", "federal"]] {
                    let expression = words.map { "\"\($0)\"" }.joined(separator: " ")
                    let fts5 = try Row.fetchAll(
                        db,
                        sql: "SELECT rowid, nytrank(\(table), 8.0, 3.0, 2.0, 1.0) FROM \(table) WHERE \(table) MATCH ? ORDER BY rowid DESC",
                        arguments: [expression]
                    ).map { row in try (row[0] as Int64, row[1] as Double) }
                    let candidates = try #require(try ArchiveWordSets.candidates(of: words, in: partition, db: db))
                    #expect(candidates.ids == fts5.map(\.0), "the sets hold exactly the matches here: \(words) in \(table)")
                    // Every article of the index as a candidate: those that do not match are passed over.
                    let every = try Int64.fetchAll(db, sql: "SELECT id FROM \(table)_docsize ORDER BY id DESC")
                    let ranked = try NewestMatches.find(indexes: 1, candidates: every.count, db: db, pool: nil) { db, read in
                        let index = ArticleSearch.IndexQuery(db: db, table: table, cjkFilter: false, feed: nil, arguments: [])
                        return try index.rankedCandidates(every, words: words, partition: partition, read)
                    }
                    #expect(ranked.map(\.id) == fts5.map(\.0))
                    #expect(ranked.map(\.score) == fts5.map(\.1), "the same numbers, to the bit")
                }
            }
        }
    }

    @Test("The candidates are ranked one by one only where that costs less than FTS5's walk of the lists")
    func costOfCandidates() {
        typealias Candidates = ArchiveWordSets.Candidates
        // The whole-NYT benchmark's words in its yearly index of 2010 (144,347 articles).
        let slow = Candidates(ids: Array(1...20), lists: 4, shortestList: 14_126)
        #expect(slow.costLessThanLists(limit: 1_000), "federal reserve interest rates: 4 lists of 14,126, together in 20")
        #expect(Candidates(ids: Array(1...248), lists: 4, shortestList: 140_757).costLessThanLists(limit: 700), "the same in the 1990s")
        // Lists that meet often: FTS5 walks the shortest few times over while it finds them.
        #expect(!Candidates(ids: Array(1...436), lists: 3, shortestList: 11_989).costLessThanLists(limit: 1_000), "supreme court ruling")
        #expect(!Candidates(ids: Array(1...1_423), lists: 3, shortestList: 18_385).costLessThanLists(limit: 1_000), "trade war tariffs")
        #expect(!Candidates(ids: Array(1...3_605), lists: 2, shortestList: 21_558).costLessThanLists(limit: 1_000), "climate change")
        // A limit of 10 of 1,400: a 140th of the lists.
        #expect(!Candidates(ids: Array(1...1_400), lists: 2, shortestList: 80_000).costLessThanLists(limit: 10))
        #expect(Candidates(ids: [], lists: 2, shortestList: 40).costLessThanLists(limit: 50), "none to rank: the index is not read")
    }

    @Test("Only words common in an index have a set; a query with one that has none is read by FTS5")
    func commonWordsOnly() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.archive(store)
        try store.writer.read { db in
            let words = try String.fetchAll(
                db, sql: "SELECT word FROM archiveWordSet WHERE ftsPartition = 2011 AND word <> '' ORDER BY word")
            #expect(Set(Self.common.map { $0 }).isSubset(of: words), "\(words)")
            #expect(!words.contains(Self.rare), "in 1 article of 40, under 1 of 32")
            #expect(try ArchiveWordSets.candidates(of: ["federal", Self.rare], in: 2011, db: db) == nil)
            #expect(try ArchiveWordSets.candidates(of: ["federal"], in: ArchiveIndex.livePartition, db: db) == nil)
            #expect(try ArchiveWordSets.candidates(of: Array(repeating: "federal", count: 64), in: 2011, db: db) != nil)
            #expect(
                try ArchiveWordSets.candidates(of: Array(repeating: "federal", count: 65), in: 2011, db: db) == nil,
                "more than nytrankwords ranks")
        }
        // An index smaller than the minimum is marked made, without sets.
        try store.writer.write { db in
            try ArchiveWordSets.build(2011, minimumArticles: 301, in: db)
            #expect(try ArchiveWordSets.unbuilt(in: db).isEmpty)
            #expect(try ArchiveWordSets.candidates(of: ["federal"], in: 2011, db: db) == nil)
        }
    }

    @Test("Writing into an index forgets its sets; an article taken out keeps its bit and is not found")
    func writesForgetTheSets() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.archive(store)
        let may = ArchiveMonth("2011-05", latest: ArchiveStoreTests.latest)!
        try ArchiveStoreTests.importMonth(store, may, Self.articles(of: may, count: 150, seed: 99))
        #expect(try store.writer.read { db in try ArchiveWordSets.unbuilt(in: db) } == [2011])
        for query in Self.queries {
            #expect(try Self.hits(query, in: store, limit: 1_000, sets: true) == Self.hits(query, in: store, limit: 1_000, sets: false))
        }
        try Self.buildSets(store)
        let before = try store.writer.read { db in try ArchiveWordSets.candidates(of: ["federal", "reserve"], in: 2011, db: db) }
        _ = try store.forget([may])
        #expect(try store.writer.read { db in try ArchiveWordSets.unbuilt(in: db) }.isEmpty, "taking articles out keeps the sets")
        #expect(try store.writer.read { db in try ArchiveWordSets.candidates(of: ["federal", "reserve"], in: 2011, db: db) } == before)
        for query in Self.queries {
            let hits = try Self.hits(query, in: store, limit: 1_000, sets: true)
            #expect(hits == (try Self.hits(query, in: store, limit: 1_000, sets: false)), "\(query)")
            #expect(!hits.contains { $0.rawValue.contains("2011-05") })
        }
    }

    @Test("A set read back out of its bounds is a damaged cache; sets over different ids are not used")
    func damagedSets() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try Self.archive(store)
        try store.writer.write { db in
            try db.execute(sql: "UPDATE archiveWordSet SET bits = substr(bits, 1, 8) WHERE ftsPartition = 2012 AND word = 'reserve'")
            #expect(try ArchiveWordSets.candidates(of: ["federal", "reserve"], in: 2012, db: db) == nil, "a set cut short")
            try db.execute(sql: "UPDATE archiveWordSet SET firstId = firstId + 64 WHERE ftsPartition = 2012 AND word = 'reserve'")
            #expect(try ArchiveWordSets.candidates(of: ["federal", "reserve"], in: 2012, db: db) == nil)
            try db.execute(sql: "UPDATE archiveWordSet SET firstId = -1 WHERE ftsPartition = 2012 AND word = 'reserve'")
            #expect(throws: DatabaseError.self) { try ArchiveWordSets.candidates(of: ["federal", "reserve"], in: 2012, db: db) }
            try db.execute(sql: "UPDATE archiveWordSet SET firstId = 9223372036854775807 WHERE ftsPartition = 2012 AND word = 'reserve'")
            #expect(throws: DatabaseError.self) { try ArchiveWordSets.candidates(of: ["reserve"], in: 2012, db: db) }
            try db.execute(sql: "UPDATE archiveWordSet SET firstId = 0, bits = 'text' WHERE ftsPartition = 2012 AND word = 'reserve'")
            #expect(throws: DatabaseError.self) { try ArchiveWordSets.candidates(of: ["reserve"], in: 2012, db: db) }
        }
    }

    @Test("nytidset makes a bitmap of the ids it is given, and refuses an id outside its range or a count out of bounds")
    func idSet() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        func set(_ ids: String, _ first: Int64, _ count: Int64) throws -> DatabaseValue? {
            try store.writer.read { db in
                try DatabaseValue.fetchOne(db, sql: "SELECT nytidset(value, ?, ?) FROM json_each(?)", arguments: [first, count, ids])
            }
        }
        #expect(try set("[10, 11, 25, 10]", 10, 16) == .blob([0b0000_0011, 0b1000_0000]))
        #expect(try set("[10]", 10, 1) == .blob([1]))
        #expect(try set("[]", 10, 16) == .null)
        for (ids, first, count) in [
            ("[9]", Int64(10), Int64(16)), ("[26]", 10, 16), ("[10]", 10, 0), ("[10]", 10, (1 << 33) + 1),
            ("[-9223372036854775808]", 9_223_372_036_854_775_807, 16), ("[9223372036854775807]", -9_223_372_036_854_775_808, 16),
        ] {
            #expect(throws: (any Error).self, "\(ids) from \(first), \(count)") { try set(ids, first, count) }
        }
    }

    @Test("archive --compact makes the sets of the indexes without them, once")
    func compaction() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        for name in ["2010-03", "2011-03"] {
            let month = ArchiveMonth(name, latest: ArchiveStoreTests.latest)!
            try ArchiveStoreTests.importMonth(store, month, Self.articles(of: month, count: 40, seed: 7))
        }
        #expect(try store.compact().indexesWithWordSets == 2)
        #expect(try store.compact().indexesWithWordSets == 0)
        #expect(try store.writer.read { db in try ArchiveWordSets.unbuilt(in: db) }.isEmpty)
    }
}
