import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

/// The article table's packed text (`PackedText`, CPackedText): stored smaller, read back whole, the same
/// text never seen as a change, rows written before packing read as they are, and every full-text index
/// given the text it indexed when an article changes or goes.
@Suite("Packed text")
struct PackedTextTests {
    let world = Feed.topStories(.world)

    /// An article with the texts of a real Top Stories one.
    static func article(_ index: Int, abstract: String? = nil) -> Article {
        var article = ArticleFactory.article(index, title: "Russia and Ukraine Agree to Cease-Fire Framework, but Sticking Points Remain")
        article.byline = "By Andrew E. Kramer and Marc Santora"
        article.abstract =
            abstract
            ?? "Negotiators in Geneva agreed on a framework for a cease-fire, but key questions about monitoring and prisoner exchanges remained unresolved."
        article.leadParagraph = article.abstract
        article.thumbnailURL =
            "https://static01.nyt.com/images/2026/11/20/multimedia/20ukraine-talks-01-hfkw/20ukraine-talks-01-hfkw-thumbStandard.jpg"
        return article
    }

    /// The SQLite type and size of each packed column of the article `id`.
    static func stored(_ id: ArticleID, in store: ArticleStore) throws -> [String: (type: String, bytes: Int)] {
        try store.writer.read { db in
            var stored: [String: (String, Int)] = [:]
            for column in ["title", "byline", "abstract", "thumbnailURL"] {
                let row = try Row.fetchOne(
                    db, sql: "SELECT typeof(\(column)), length(CAST(\(column) AS BLOB)) FROM article WHERE nyttext(uri) = ?",
                    arguments: [id.rawValue])
                stored[column] = (try row?[0] ?? "", try row?[1] ?? 0)
            }
            return stored
        }
    }

    /// The row ids `articleFTS` or an archive index (`table`) finds for `word`, read from the index alone.
    static func indexed(_ word: String, in table: String, of store: ArticleStore) throws -> [Int64] {
        try store.writer.read { db in try Int64.fetchAll(db, sql: "SELECT rowid FROM \(table) WHERE \(table) MATCH ?", arguments: [word]) }
    }

    @Test("Texts are stored packed, smaller, and read back whole; the same text again changes nothing")
    func packedAndWhole() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let article = Self.article(1)
        try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(try store.entry(for: article.id)?.article == article)
        let stored = try Self.stored(article.id, in: store)
        #expect(stored["abstract"]?.type == "blob" && stored["title"]?.type == "blob" && stored["thumbnailURL"]?.type == "blob")
        #expect((stored["abstract"]?.bytes ?? .max) * 10 < article.abstract.utf8.count * 7, "\(stored)")
        #expect((stored["title"]?.bytes ?? .max) * 10 < article.title.utf8.count * 8, "\(stored)")
        let again = try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(again.updated == 0)
    }

    @Test("Text packing would not make smaller stays text: short, or of bytes NYT text seldom has")
    func keptAsText() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var article = Self.article(1)
        article.byline = "By Al"
        article.title = "東京で気候変動に関する会議が開かれた"
        try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        let stored = try Self.stored(article.id, in: store)
        #expect(stored["byline"]?.type == "text" && stored["title"]?.type == "text", "\(stored)")
        #expect(try store.entry(for: article.id)?.article == article)
    }

    @Test("Rows written before packing read as they are; the same text leaves them, new text is written packed")
    func rowsWrittenBefore() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var article = Self.article(1)
        try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        try store.writer.write { db in
            try db.execute(
                sql: """
                    UPDATE article SET url = nyttext(url), title = nyttext(title), byline = nyttext(byline),
                    abstract = nyttext(abstract), thumbnailURL = nyttext(thumbnailURL)
                    """)
        }
        #expect(try Self.stored(article.id, in: store)["abstract"]?.type == "text")
        #expect(try store.entry(for: article.id)?.article == article)
        #expect(try store.entry(forURL: article.url)?.id == article.id, "found by the key of its address as text")
        #expect(try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network).updated == 0)
        article.abstract += " Talks resume on Monday."
        #expect(try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network).updated == 1)
        #expect(try Self.stored(article.id, in: store)["abstract"]?.type == "blob")
        #expect(try store.entry(for: article.id)?.article == article)
        #expect(try store.entry(forURL: article.url)?.id == article.id, "found by the key of its packed address")
    }

    /// An article with an NYT uri of a UUID, as every real one has.
    static func nytArticle(_ index: Int) -> Article {
        var article = Self.article(index)
        article.id = ArticleID("nyt://article/bdd640fb-0667-4ad1-9c80-317fa3b179\(String(format: "%02x", index))")
        return article
    }

    @Test("A uri of a UUID takes 18 bytes; rows that hold it as text are found, saved, read and updated in place, never stored twice")
    func uriForms() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let saved = Feed.saved
        var old = Self.nytArticle(1)
        let new = Self.nytArticle(2)
        try store.apply(FeedSnapshot(feed: world, articles: [old], fetchedDate: Date()), origin: .network)
        // The first as a version before packing wrote it.
        try store.writer.write { db in try db.execute(sql: "UPDATE article SET uri = nyttext(uri)") }
        try store.apply(FeedSnapshot(feed: world, articles: [old, new], fetchedDate: Date()), origin: .network)
        let forms = try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT typeof(uri), length(CAST(uri AS BLOB)) FROM article ORDER BY id").map { row in
                "\(try row[0] as String) \(try row[1] as Int)"
            }
        }
        #expect(forms == ["text 50", "blob 18"], "one row each, the new one packed")
        for article in [old, new] {
            #expect(try store.entry(for: article.id)?.article == article)
            try store.setSaved(article.id, at: Date())
            try store.setRead(article.id, at: Date())
            #expect(try store.entry(for: article.id)?.isSaved == true)
            #expect(try store.position(of: article.id, in: world) != nil)
            #expect(try store.position(of: article.id, in: saved) != nil)
            #expect(try store.position(of: article.id, in: world, filter: FeedFilter(unreadOnly: true, keeping: article.id)) == 0)
            #expect(try store.position(of: article.id, in: saved, filter: FeedFilter(unreadOnly: true, keeping: article.id)) == 0)
        }
        old.abstract += " Talks resume on Monday."
        let changes = try store.apply(FeedSnapshot(feed: world, articles: [old, new], fetchedDate: Date()), origin: .network)
        #expect(changes.updated == 1 && changes.inserted == 0)
        #expect(try store.entry(for: old.id)?.article == old)
        #expect(try store.entry(for: old.id)?.isRead == true, "read state kept by the row written before")
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article") } == 2)
    }

    @Test("A refresh finds cached articles by any uri, quotes, backslashes and control characters included")
    func urisOfAnyText() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = ["nyt://article/\"quoted\"", "nyt://article/back\\slash", "nyt://article/tab\there\u{1}", "nyt://article/ünï"]
            .enumerated().map {
                var article = Self.article($0.offset)
                article.id = ArticleID($0.element)
                return article
            }
        try store.apply(FeedSnapshot(feed: world, articles: articles, fetchedDate: Date()), origin: .network)
        let again = try store.apply(FeedSnapshot(feed: world, articles: articles, fetchedDate: Date()), origin: .network)
        #expect(again.inserted == 0 && again.updated == 0)
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM article") } == articles.count)
        #expect(JSONList.of(["a\"b", "c\\d", "e\u{1F}"]) == #"["a\"b","c\\d","e\u001f"]"#)
    }

    @Test("An article changed or deleted leaves the live index with its new words only, and then none")
    func liveIndexFollows() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let feed = Feed.search(SearchQuery(text: "geneva"))
        let article = Self.article(1, abstract: "Zeppelins over Geneva: negotiators agreed on a framework for a cease-fire.")
        try store.apply(FeedSnapshot(feed: feed, articles: [article], fetchedDate: Date()), origin: .network)
        let id = try #require(try Self.indexed("zeppelins", in: "articleFTS", of: store).first)
        var changed = article
        changed.abstract = "Quokkas over Geneva: negotiators agreed on a framework for a cease-fire."
        changed.leadParagraph = changed.abstract
        try store.apply(FeedSnapshot(feed: feed, articles: [changed], fetchedDate: Date()), origin: .network)
        #expect(try Self.indexed("zeppelins", in: "articleFTS", of: store).isEmpty)
        #expect(try Self.indexed("quokkas", in: "articleFTS", of: store) == [id])
        try store.forget(feed)
        #expect(try store.entry(for: article.id) == nil)
        for word in ["quokkas", "geneva", "russia"] {
            #expect(try Self.indexed(word, in: "articleFTS", of: store).isEmpty, "\(word)")
        }
    }

    @Test("Archived articles forgotten leave their year's index without their words")
    func archiveIndexFollows() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = ArchiveStoreTests.articles(0..<3).map { article in
            var packed = article
            packed.title = "Zeppelins over the harbour, a sight seen again at dawn \(article.id.rawValue)"
            packed.leadParagraph = "Negotiators in Geneva agreed on a framework for a cease-fire over the harbour."
            return packed
        }
        try ArchiveStoreTests.importMonth(store, ArchiveStoreTests.march, articles)
        #expect(try Self.indexed("zeppelins", in: "archiveFTS_2024", of: store).count == 3)
        #expect(try store.forget([ArchiveStoreTests.march]) == 3)
        for word in ["zeppelins", "harbour", "geneva"] {
            #expect(try Self.indexed(word, in: "archiveFTS_2024", of: store).isEmpty, "\(word)")
        }
    }

    @Test("A cache made before packing gets delete triggers that take out unpacked text, the archive's too")
    func migratedTriggers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let feed = Feed.search(SearchQuery(text: "geneva"))
        do {
            let store = try ArticleStore(path: path)
            try ArchiveStoreTests.importMonth(store, ArchiveStoreTests.march, ArchiveStoreTests.articles(0..<2))
        }
        // The triggers as version 14 made them, and its record of migrations.
        let old = try DatabaseQueue(path: path, configuration: .fullText)
        try old.write { db in
            for table in ["articleFTS", "archiveFTS_2024"] {
                let trigger = table == "articleFTS" ? "article_fts_delete" : "\(table)_delete"
                let partition = table == "articleFTS" ? 0 : 2024
                try db.execute(
                    sql: """
                        DROP TRIGGER \(trigger);
                        CREATE TRIGGER \(trigger) AFTER DELETE ON article WHEN old.ftsPartition = \(partition) BEGIN
                            INSERT INTO \(table)(\(table), rowid, title, abstract, leadParagraph, byline)
                            VALUES ('delete', old.id, old.title, old.abstract, old.leadParagraph, old.byline);
                        END;
                        """)
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v15-packed-text'")
        }
        let store = try ArticleStore(path: path)
        let triggers = try store.writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name IN ('article_fts_delete', 'archiveFTS_2024_delete')"
            )
        }
        #expect(triggers.count == 2 && triggers.allSatisfy { $0.contains("nyttext(old.title)") }, "\(triggers)")
        try store.apply(FeedSnapshot(feed: feed, articles: [Self.article(9)], fetchedDate: Date()), origin: .network)
        try store.forget(feed)
        #expect(try Self.indexed("negotiators", in: "articleFTS", of: store).isEmpty)
        #expect(try store.forget([ArchiveStoreTests.march]) == 2)
        #expect(try Self.indexed("story", in: "archiveFTS_2024", of: store).isEmpty)
    }

    @Test("Random text packs smaller or stays text, and reads back byte for byte", arguments: 0..<4)
    func roundTrip(seed: Int) throws {
        #expect(PackedTextBytes.codeIsWhole)
        var random = SplitMix64(seed: UInt64(seed))
        let alphabets: [[UInt8]] = [Array(0...255), Array("the quick brown fox, Geneva — 2026".utf8), Array("etaoin shrdlu".utf8)]
        var packedCount = 0
        for _ in 0..<2_000 {
            let alphabet = alphabets[Int.random(in: 0..<alphabets.count, using: &random)]
            let text = (0..<Int.random(in: 0..<400, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            guard let packed = PackedTextBytes.pack(text) else { continue }
            packedCount += 1
            #expect(packed.count < text.count)
            #expect(PackedTextBytes.unpack(packed) == text)
            // Cut short anywhere, or with a byte more, it is refused.
            for length in stride(from: 0, to: packed.count, by: max(1, packed.count / 7)) {
                #expect(PackedTextBytes.unpack(Array(packed[..<length])) == nil, "cut at \(length)")
            }
            #expect(PackedTextBytes.unpack(packed + [0]) == nil)
        }
        #expect(packedCount > 500)
    }

    @Test("Hostile bytes never read as text unless they are exactly a text's packed form")
    func hostileBytes() {
        var random = SplitMix64(seed: 42)
        // The length written in more bytes than it takes (6 as 0x86 0x00) is refused.
        let packed = PackedTextBytes.pack(Array("Negotiators in Geneva".utf8))!
        #expect(packed[1] == 21)
        #expect(PackedTextBytes.unpack([packed[0], 0x95, 0x00] + packed[2...]) == nil)
        // A length larger than the bits can hold is refused before it is allocated.
        #expect(PackedTextBytes.unpack([1, 0xFF, 0xFF, 0x3F, 0, 0]) == nil)
        #expect(PackedTextBytes.unpack([2] + packed[1...]) == nil, "another format")
        for _ in 0..<20_000 {
            var bytes = (0..<Int.random(in: 2..<60, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes[0] = 1
            if let text = PackedTextBytes.unpack(bytes), let again = PackedTextBytes.pack(text) { #expect(again == bytes) }
        }
    }

    @Test("A packed value that is damaged is a damaged cache, said as one")
    func damagedValue() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(FeedSnapshot(feed: world, articles: [Self.article(1)], fetchedDate: Date()), origin: .network)
        try store.writer.write { db in try db.execute(sql: "UPDATE article SET abstract = substr(abstract, 1, 20)") }
        do {
            _ = try store.entries(in: world, range: 0..<10)
            Issue.record("a damaged packed value was read")
        } catch {
            #expect(error.code == .corrupt, "\(error)")
        }
    }
}
