import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Full-text indexes keep columns, not positions: smaller, and every word still found")
struct LiveIndexTests {
    /// Words a person may search for that Swift sees as one word and unicode61 splits: Devanagari and
    /// Bengali vowel signs (spacing marks), Persian's zero-width non-joiner, an enclosing mark, a circled
    /// letter between letters.
    static let splitWords = ["भारत", "বাংলাদেশ", "می\u{200C}خواهم", "x\u{0488}y", "pⓐq", "नमस्ते"]

    @Test("Words the tokenizer splits find their articles, as the last word (a prefix) and before another")
    func splitWordsAreFound() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = Self.splitWords.enumerated().map { index, word in
            ArticleFactory.article(index, title: "News of \(word) today")
        }
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: articles, fetchedDate: .now), origin: .network)
        for (article, word) in zip(articles, Self.splitWords) {
            let alone = try store.search(word, limit: 10).map(\.entry.article.title)
            let beforeAnother = try store.search("\(word) today", limit: 10).map(\.entry.article.title)
            #expect(alone == [article.title], "\(word)")
            #expect(beforeAnother == [article.title], "\(word)")
        }
    }

    @Test("nyttokens splits text as the indexes' tokenizer does")
    func tokensAsIndexed() throws {
        // Every letter, mark and symbol of the scripts where unicode61 and Swift disagree most, between two letters.
        let ranges: [ClosedRange<UInt32>] = [
            0x488...0x489, 0x600...0x6FF, 0x900...0xDFF, 0x19B0...0x19CF, 0x200C...0x200D, 0x24B6...0x24E9,
        ]
        let texts = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).map { "a\($0)b" } + Self.splitWords
        let queue = try DatabaseQueue(configuration: .fullText)
        let (indexed, split) = try queue.write { db in
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE words USING fts5(word, tokenize='\(ArchiveIndex.tokenizer)');
                    CREATE VIRTUAL TABLE terms USING fts5vocab(words, 'instance');
                    """)
            for (index, text) in texts.enumerated() {
                try db.execute(sql: "INSERT INTO words (rowid, word) VALUES (?, ?)", arguments: [index, text])
            }
            let indexed = Dictionary(
                try Row.fetchAll(
                    db, sql: "SELECT doc, group_concat(term, ' ') FROM (SELECT doc, term FROM terms ORDER BY doc, offset) GROUP BY doc"
                )
                .map { (try $0[0] as Int, try $0[1] as String) },
                uniquingKeysWith: { first, _ in first })
            let tokenizer = IndexTokenizer(db: db)
            let split = try texts.map { try tokenizer.tokens(of: $0).joined(separator: " ") }
            return (indexed, split)
        }
        var differing: [String] = []
        for (index, text) in texts.enumerated() where (indexed[index] ?? "") != split[index] {
            differing.append("\(text): index \(indexed[index] ?? "-"), nyttokens \(split[index])")
        }
        #expect(differing == [])
        #expect(split.filter { $0.contains(" ") }.count > 100, "the ranges hold words unicode61 splits")
    }

    @Test("The live index takes under 50 bytes an article for 5,000 short articles (65 keeping positions)")
    func size() throws {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        let articles = (0..<5_000).map { ArticleFactory.article($0) }
        try store.apply(FeedSnapshot(feed: .topStories(.home), articles: articles, fetchedDate: .now), origin: .network)
        let bytes = try store.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT SUM(pgsize) FROM dbstat WHERE name = 'articleFTS_data'") ?? 0
        }
        #expect(Double(bytes) / Double(articles.count) < 50, "\(bytes) bytes for \(articles.count) articles")
        #expect(try store.search("abstract", limit: 5).count == 5)
    }

    @Test("Every index a new cache makes keeps columns only: the live one and each archive year's")
    func archiveIndexesKeepColumns() throws {
        let archive = try TrendTests.GeneratedArchive(store: ArticleStore(inMemoryWith: .standard))
        let definitions = try archive.store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema WHERE sql LIKE 'CREATE VIRTUAL TABLE %FTS% USING fts5%'")
        }
        #expect(definitions.count >= 3, "articleFTS and the archive's years")
        #expect(definitions.allSatisfy { $0.contains("detail=column") }, "\(definitions)")
    }

    @Test("Migration v14 makes articleFTS again from the articles it held, without positions; an archived year's are left")
    func migration() throws {
        let queue = try DatabaseQueue(configuration: .fullText)
        try queue.write { db in
            try SchemaMigration.apply(db, upTo: "v13-article-urlTail")
            try ArchiveIndex.ensure(partition: 2024, in: db)
            for (id, partition) in [(1, 0), (2, 0), (3, 2024), (4, 0)] {
                try db.execute(
                    sql: """
                        INSERT INTO article (id, uri, url, title, kicker, byline, abstract, leadParagraph, section, subsection,
                            itemType, publishedAt, fetchedAt, ftsPartition, inArchive)
                        VALUES (?, ?, '/a', ?, '', 'By Writer', 'Glacier news', '', 'World', '', 'Article', 0, 0, ?, ?)
                        """, arguments: [id, "nyt://article/\(id)", "Title \(id)", partition, partition == 0 ? 0 : 1])
                try db.execute(
                    sql:
                        "INSERT INTO \(ArchiveIndex.table(partition)) (rowid, title, abstract, leadParagraph, byline) VALUES (?, ?, 'Glacier news', '', 'By Writer')",
                    arguments: [id, "Title \(id)"])
            }
            try db.execute(sql: "DELETE FROM article WHERE id = 2")
            try SchemaMigration.apply(db)
        }
        try queue.read { db in
            let definition = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = 'articleFTS'") ?? ""
            #expect(definition.contains("detail=column"))
            #expect(try Int.fetchAll(db, sql: "SELECT rowid FROM articleFTS WHERE articleFTS MATCH 'glacier' ORDER BY rowid") == [1, 4])
            #expect(try Int.fetchAll(db, sql: "SELECT rowid FROM archiveFTS_2024 WHERE archiveFTS_2024 MATCH 'glacier'") == [3])
            #expect(try !db.tableExists("indexedArticle"))
        }
    }
}
