import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Words folded as the search index folds them")
struct FoldingTests {
    @Test(
        "No case and no accents, and the letters that do not decompose folded to plain ones",
        arguments: [
            ("Zürich", "zurich"), ("São Paulo", "sao paulo"), ("ÅNGSTRÖM", "angstrom"), ("Crème brûlée", "creme brulee"),
            ("Naïve café", "naive cafe"), ("Dvořák", "dvorak"), ("Øresund", "oresund"), ("plain", "plain"), ("東京", "東京"),
            ("Løvaas", "lovaas"), ("Straße", "strasse"), ("STRAẞE", "strasse"), ("Œuvre", "oeuvre"), ("Ærø", "aero"),
            ("Łódź", "lodz"), ("Đoković", "dokovic"), ("Þórshöfn", "thorshofn"), ("Ísafjörður", "isafjordur"),
            ("ﬁnal", "final"), ("Ǿrsted", "orsted"),
        ])
    func fold(text: String, expected: String) {
        #expect(SearchTerms.fold(text) == expected)
    }

    /// Every letter of the Latin blocks, between two `x`, as the indexes' tokenizer keeps it and as a query
    /// word is folded: the two must be the same word, or a query could never find what is indexed. (Latin
    /// Extended-D, letters of medieval and phonetic writing added since, is left out: unicode61's tables do
    /// not lower the case of its capitals.)
    @Test("Every Latin letter folds the same in the index and in a query")
    func indexAndQueryAgree() throws {
        let ranges: [ClosedRange<UInt32>] = [0xC0...0x2AF, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xFB00...0xFB06]
        let letters = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init).map(Character.init).filter(\.isLetter)
        #expect(letters.count > 600)
        let queue = try DatabaseQueue(configuration: .fullText)
        let indexed = try queue.write { db in
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE words USING fts5(word, tokenize='\(ArchiveIndex.tokenizer)');
                    CREATE VIRTUAL TABLE terms USING fts5vocab(words, 'instance');
                    """)
            for (index, letter) in letters.enumerated() {
                try db.execute(sql: "INSERT INTO words (rowid, word) VALUES (?, ?)", arguments: [index, "x\(letter)x"])
            }
            return Dictionary(
                try Row.fetchAll(db, sql: "SELECT doc, group_concat(term, ' ') FROM terms GROUP BY doc").map {
                    (try $0[0] as Int, try $0[1] as String)
                },
                uniquingKeysWith: { first, _ in first })
        }
        var differing: [String] = []
        for (index, letter) in letters.enumerated() where indexed[index] != SearchTerms.fold("x\(letter)x") {
            let code = String(letter.unicodeScalars.first!.value, radix: 16, uppercase: true)
            differing.append("U+\(code) \(letter): index \(indexed[index] ?? "-"), query \(SearchTerms.fold("x\(letter)x"))")
        }
        #expect(differing == [])
    }

    static let titles = [
        "Henrik Løvaas, Architect of the Fjords", "Straße der Pariser Kommune", "Œuvre Complète of a Painter", "Łódź Film School Turns 75",
        "Đoković Wins Again", "A Harbor in Þórshöfn", "Plain English Title",
    ]

    /// The words each title is found from: the plain letters a person types, and the letters themselves.
    static let queries: [(String, String)] = [
        ("lovaas", titles[0]), ("Løvaas", titles[0]), ("LØVAAS", titles[0]), ("lova", titles[0]), ("strasse", titles[1]),
        ("straße", titles[1]), ("oeuvre", titles[2]), ("œuvre", titles[2]), ("lodz", titles[3]), ("dokovic", titles[4]),
        ("thorshofn", titles[5]),
    ]

    @Test("Letters that do not decompose are found from the plain letters and from themselves, and marked in the snippet")
    func searchFindsUndecomposedLetters() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let articles = Self.titles.enumerated().map { ArticleFactory.article($0.offset, title: $0.element) }
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: articles, fetchedDate: Date()), origin: .network)
        for (query, title) in Self.queries {
            #expect(try store.search(query, limit: 10).map(\.entry.article.title) == [title], "\(query)")
        }
        let hit = try #require(try store.search("henrik lovaas", limit: 1).first)
        #expect(hit.snippet.contains("\(SearchHit.highlightStart)Løvaas\(SearchHit.highlightEnd)"), "\(hit.snippet)")
    }

    @Test("Archived articles, indexed by year, fold the same: found by search and counted by trend")
    func archiveFolds() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let month = ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!
        try ArchiveStoreTests.importMonth(store, month, Self.archived())
        #expect(try store.search("lovaas", limit: 10).map(\.entry.article.title) == [Self.titles[0]])
        let trend = try store.trend(TrendQuery(terms: ["lovaas", "løvaas"]))
        #expect(trend.series.map(\.matches) == [[1], [1]])
    }

    /// The titles as articles of March 2024.
    static func archived() -> [Article] {
        titles.enumerated().map { index, title in
            var article = ArticleFactory.article(index, title: title)
            article.id = ArticleID("nyt://article/archived-\(index)")
            article.publishedDate = Date(timeIntervalSince1970: 1_710_000_000 - Double(index) * 60)
            return article
        }
    }

    @Test("A cache indexed before nytfold is indexed again when opened: every index, every article, found from plain letters")
    func cacheIndexedBeforeIsMigrated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let month = ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!
        do {
            let store = try ArticleStore(path: path)
            let live = Self.titles.enumerated().map { ArticleFactory.article($0.offset + 100, title: $0.element) }
            try store.apply(FeedSnapshot(feed: .topStories(.world), articles: live, fetchedDate: Date()), origin: .network)
            try ArchiveStoreTests.importMonth(store, month, Self.archived())
        }
        // The indexes as the version before made them: unicode61 alone, and no record of the migration
        // (the tokenizer is registered so that the indexes made with it can be dropped).
        let tables = try DatabaseQueue(path: path, configuration: .fullText).write { db in
            let tables = try ArchiveIndex.tables(in: db)
            for table in tables {
                let partition = table == "articleFTS" ? 0 : Int(table.dropFirst("archiveFTS_".count))!
                try ArchiveIndex.rebuild(partition, tokenizer: "unicode61 remove_diacritics 2", in: db)
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v12-fts-nytfold'")
                #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(table) MATCH 'lovaas'") == 0, "\(table) before")
                #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(table) MATCH 'plain'") == 1, "\(table) before")
            }
            return tables
        }
        #expect(tables == ["articleFTS", "archiveFTS_2024"])

        let store = try ArticleStore(path: path)
        #expect(try store.search("lovaas", limit: 10).count == 2, "the live article and the archived one")
        #expect(try store.search("plain english", limit: 10).count == 2)
        for (query, title) in Self.queries {
            #expect(Set(try store.search(query, limit: 10).map(\.entry.article.title)) == [title], "\(query)")
        }
        try store.writer.write { db in
            #expect(try SchemaMigration.state(db) == .current)
            for table in tables {
                // FTS5 tokenizes the content again and compares it with the index: they must agree.
                try db.execute(sql: "INSERT INTO \(table) (\(table)) VALUES ('integrity-check')")
                #expect(try db.tableSQL(table)?.contains("nytfold") == true, "\(table)")
            }
        }
        // Deleting articles goes through the indexes' delete triggers, with the new tokenizer.
        #expect(try store.forget([month]) == Self.titles.count)
        #expect(try store.search("lovaas", limit: 10).count == 1)
    }
}

extension Database {
    /// The `CREATE` statement SQLite keeps for `table`.
    fileprivate func tableSQL(_ table: String) throws -> String? {
        try String.fetchOne(self, sql: "SELECT sql FROM sqlite_schema WHERE name = ?", arguments: [table])
    }
}
