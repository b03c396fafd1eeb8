import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// The words each archive index keeps beside it (`ArchiveWords`), which let a search give FTS5 a prefix as
/// the one word it stands for: held against the index's own words, and searches held equal with and
/// without them.
@Suite("The words of the archive's indexes")
struct ArchiveWordsTests {
    /// The words of `partition`'s index, as FTS5 lists them.
    static func indexWords(_ partition: Int, in store: ArticleStore) throws -> Set<String> {
        try store.write { db in
            let table = ArchiveIndex.table(partition)
            try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.\(table)_vocab USING fts5vocab(main, \(table), row)")
            return Set(try String.fetchAll(db, sql: "SELECT term FROM temp.\(table)_vocab"))
        }
    }

    static func keptWords(_ partition: Int, in store: ArticleStore) throws -> Set<String> {
        try store.read { db in
            Set(try String.fetchAll(db, sql: "SELECT word FROM archiveWord WHERE ftsPartition = ? AND word != ''", arguments: [partition]))
        }
    }

    /// What `search` gives for each of `queries`, as uris and snippets.
    static func results(of queries: [String], in store: ArticleStore) throws -> [[String]] {
        try queries.map { query in try store.search(query, limit: 500).map { "\($0.entry.article.id.rawValue) \($0.snippet)" } }
    }

    static let queries = [
        "zeppelin", "zeppelins", "zeppelin jones", "by zeppelin", "zep", "zeppelinsx", "jones zeppelins", "qqqxyz", "the zepp",
    ]

    @Test("An index made by this version keeps every word it holds, through imports and a live feed's newer text")
    func complete() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let store = archive.store
        let partitions = try store.read { db in try ArchiveIndex.partitions(in: db) }
        #expect(partitions == [2022, 2021])
        for partition in partitions {
            let kept = try Self.keptWords(partition, in: store)
            #expect(kept == (try Self.indexWords(partition, in: store)), "\(partition)")
            #expect(kept.contains("zeppelins"))
        }
        // A live feed sends an archived article again with a word new to its index.
        var article = try #require(try store.entries(in: .archive(TrendTests.month("2021-05")), range: 0..<1).first).article
        article.title = "Quokkabeacon seen over the bay by Løvaas"
        article.updatedDate = TrendTests.imported.addingTimeInterval(3_600)
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: [article], fetchedDate: TrendTests.imported), origin: .network)
        #expect(try Self.indexWords(2021, in: store).contains("quokkabeacon"), "the article is indexed in its year")
        // Kept as the index keeps them: folded (ø → o) by the tokenizer.
        #expect(try Self.keptWords(2021, in: store).isSuperset(of: ["quokkabeacon", "lovaas"]))
        #expect(try Self.keptWords(2021, in: store) == (try Self.indexWords(2021, in: store)))
        #expect(try store.search("quokkab", limit: 5).map(\.entry.article.id) == [article.id])
    }

    @Test("Searches find the same articles, in the same order, with the words kept or without them")
    func sameResults() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let store = archive.store
        let with = try Self.results(of: Self.queries, in: store)
        #expect(with[0].count > 50 && with[1].count > 10, "\(with[0].count), \(with[1].count)")
        try store.write { db in try db.execute(sql: "DELETE FROM archiveWord") }
        #expect(try Self.results(of: Self.queries, in: store) == with)
    }

    @Test("A prefix is one word, none, or left to FTS5; an index without a list of its words is left to FTS5")
    func prefixes() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let prefix = { (text: String, partition: Int) throws -> ArchiveWords.Prefix in
            try archive.store.read { db in try ArchiveWords.prefix(text, in: partition, db: db) }
        }
        #expect(try prefix("zeppelins", 2021) == .one("zeppelins"))
        #expect(try prefix("zeppelin", 2021) == .unknown, "zeppelin and zeppelins")
        #expect(try prefix("qqqxyz", 2021) == ArchiveWords.Prefix.none)
        #expect(try prefix("zeppelins", ArchiveIndex.livePartition) == .unknown)
        try archive.store.write { db in try ArchiveIndex.rebuild(2021, tokenizer: ArchiveIndex.tokenizer, detail: "column", in: db) }
        #expect(try prefix("zeppelins", 2021) == .unknown, "made again: no list")
        #expect(try prefix("zeppelins", 2022) == .one("zeppelins"))
    }

    @Test("Forgetting a month takes its index's list away; an index left empty has its list again")
    func forgetting() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let store = archive.store
        let before = try Self.results(of: Self.queries, in: store)
        try store.forget([TrendTests.month("2021-05")])
        let prefix = { (partition: Int) throws -> ArchiveWords.Prefix in
            try store.read { db in try ArchiveWords.prefix("zeppelins", in: partition, db: db) }
        }
        #expect(try prefix(2021) == .unknown)
        #expect(try Self.keptWords(2021, in: store).isEmpty)
        #expect(try prefix(2022) == .one("zeppelins"))
        #expect(try Self.results(of: Self.queries, in: store) != before, "the month's articles are gone")
        let after = try Self.results(of: Self.queries, in: store)
        try store.write { db in try db.execute(sql: "DELETE FROM archiveWord") }
        #expect(try Self.results(of: Self.queries, in: store) == after)

        try store.forget(TrendTests.GeneratedArchive.months.filter { $0.year == 2022 } + [TrendTests.GeneratedArchive.partial])
        // Every month of 2022 forgotten: its index is emptied, and its list (deleted above) is whole again.
        #expect(try store.read { db in try ArchiveWords.prefix("zeppelins", in: 2022, db: db) } == ArchiveWords.Prefix.none)
        #expect(try store.search("zeppelins", limit: 500).allSatisfy { !$0.entry.article.id.rawValue.hasPrefix("nyt://article/2022-") })
    }

    @Test("An index without a list is given one from its own words, the words of forgotten articles left out; searches stay the same")
    func listing() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let store = archive.store
        // 2021 made again (no list), 2022 with a month forgotten (its list taken away).
        try store.write { db in try ArchiveIndex.rebuild(2021, tokenizer: ArchiveIndex.tokenizer, detail: "column", in: db) }
        // A month imported, then forgotten, with a word no other article has.
        let march = TrendTests.month("2022-03")
        var article = ArticleFactory.article(9_100, title: "Quokkabeacon seen over the bay")
        article.id = ArticleID("nyt://article/2022-03-quokka")
        try store.beginImport(of: march)
        try store.stageBatch([article], of: march)
        try store.completeImport(of: march, hits: 1, byteCount: 1, fetchedDate: TrendTests.imported, at: TrendTests.imported)
        #expect(try Self.indexWords(2022, in: store).contains("quokkabeacon"))
        try store.forget([march])
        let before = try Self.results(of: Self.queries, in: store)
        #expect(try store.read { db in try ArchiveWords.unlisted(in: db) } == [2022, 2021])
        let compaction = try store.compact()
        #expect(compaction.listedIndexes == 2)
        #expect(try store.read { db in try ArchiveWords.unlisted(in: db) }.isEmpty)
        for partition in [2022, 2021] {
            #expect(try Self.keptWords(partition, in: store) == (try Self.indexWords(partition, in: store)), "\(partition)")
        }
        #expect(try store.read { db in try ArchiveWords.prefix("zeppelins", in: 2021, db: db) } == .one("zeppelins"))
        #expect(try Self.results(of: Self.queries, in: store) == before)
        #expect(try !Self.keptWords(2022, in: store).contains("quokkabeacon"), "the forgotten article's word")
        #expect(try store.compact().listedIndexes == 0, "listed once")
    }

    @Test("A long word, folded in a buffer of its own, is listed as the index keeps it")
    func longWord() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let month = TrendTests.month("2022-03")
        // ß folds to ss; the headline is cut where a stored headline ends.
        var article = ArticleFactory.article(1, title: "A " + String(repeating: "ß", count: 20_000) + " headline")
        article.id = ArticleID("nyt://article/2022-03-long")
        try store.beginImport(of: month)
        try store.stageBatch([article], of: month)
        try store.completeImport(of: month, hits: 1, byteCount: 1, fetchedDate: TrendTests.imported, at: TrendTests.imported)
        let indexed = try Self.indexWords(2022, in: store)
        let longest = indexed.map(\.utf8.count).max() ?? 0
        #expect(longest > 2_000, "\(longest) bytes")
        #expect(try Self.keptWords(2022, in: store) == indexed)
    }

    @Test("The expression writes a prefix that is one word as that word, and none when no word starts so")
    func expression() throws {
        let terms = SearchTerms("federal rates").wordTerms(tokens: { [$0] })!
        #expect(try SearchTerms.expression(of: terms, prefix: { _ in .unknown })?.text == #""federal" "rates"*"#)
        #expect(try SearchTerms.expression(of: terms, prefix: { _ in .one("rates") })?.text == #""federal" "rates""#)
        #expect(try SearchTerms.expression(of: terms, prefix: { _ in .none }) == nil)
        #expect(
            try SearchTerms.expression(of: SearchTerms("federal ").wordTerms(tokens: { [$0] })!, prefix: { _ in .none })?.text
                == #""federal""#)
    }
}
