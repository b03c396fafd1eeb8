import SQLite

/// For each common word of a large archive index, the set of its articles holding it, as a bitmap over
/// their ids: the articles that hold every word of a query whose words are all common are then the
/// intersection of a few bitmaps, found without walking each word's list in FTS5. Common words that rarely
/// go together (`federal reserve interest rates` in the whole-NYT benchmark's generated text, each word in
/// a tenth of a year's articles, all four in one of 6,000) cost FTS5 a walk of every list of every index
/// until the ranking window is full: about 4 ms a year, most of the slowest query (docs/performance.md).
///
/// A word has a set when at least `commonShare` of the index's articles held it when the sets were made
/// (`build`); an index smaller than `minimumArticles` has none. A set is a superset of the articles of
/// the index that hold its word: every write into the index forgets its sets (`forget`, from
/// `ArchiveWords.recording`, `ArchiveIndex.rebuild`, an index emptied), and an article taken out
/// leaves its bit, which the ranking of each candidate (`nytrankwords`: its text split again by the
/// index's tokenizer) finds not to match. `archive --compact` and `ArticleStore.buildWordSets` make the
/// sets of the indexes that have none.
enum ArchiveWordSets {
    /// The table (a migration and `Schema.current` make it). A table with rowids and an index on its key,
    /// not one keyed by it (`WITHOUT ROWID`): SQLite compares a key with a row's whole record when the record
    /// does not fit in its page, and a look-up then read every set it passed on the way, a third of the
    /// slowest query's instructions.
    static let schema = """
        CREATE TABLE archiveWordSet (
            ftsPartition INTEGER NOT NULL,
            word TEXT NOT NULL,
            firstId INTEGER NOT NULL,
            bits BLOB NOT NULL,
            UNIQUE (ftsPartition, word)
        );
        """

    /// Indexes with fewer articles have no sets: their words' lists are short to walk.
    static let minimumArticles = 16_384
    /// A word has a set when one article in this many of the index holds it, or more.
    static let commonShare = 32
    /// The largest set read back: 2³⁰ bytes, ids of 8.6 billion articles. A longer one is a damaged cache.
    static let largestSet = 1 << 30
    /// The most words a query read through the sets may have: `nytrankwords` ranks up to 64 (rank.c's
    /// `max_rank_words`); a longer one (a dozen words of several tokens each) is left to FTS5.
    static let largestQuery = 64
    /// The largest first id read back (SQLite's rowids stay far below, and the ids a set holds fit in 64 bits).
    static let largestFirstID: Int64 = 1 << 60

    /// The word that marks an index's sets made: no token is empty.
    private static let builtMark = ""

    /// Whether the cache has the table (a cache opened only to read may be one an older version made).
    static func exists(in db: Database) throws -> Bool {
        try db.tableExists("archiveWordSet")
    }

    /// Forgets the sets of `partition`: its index is about to change.
    static func forget(_ partition: Int, in db: Database) throws {
        guard partition != ArchiveIndex.livePartition, try exists(in: db) else { return }
        try db.cachedStatement(sql: "DELETE FROM archiveWordSet WHERE ftsPartition = ?").execute(arguments: [partition])
    }

    /// The archive indexes whose sets are not made.
    static func unbuilt(in db: Database) throws -> [Int] {
        guard try exists(in: db) else { return [] }
        let built = Set(
            try Int.fetchAll(db, sql: "SELECT ftsPartition FROM archiveWordSet WHERE word = ?", arguments: [builtMark]))
        return try ArchiveIndex.partitions(in: db).filter { !built.contains($0) }
    }

    /// Makes the sets of `partition`'s common words from its index (`fts5vocab`: the words and how many
    /// articles hold each, then each common word's articles), when it holds `minimumArticles` or more, and
    /// marks them made.
    static func build(_ partition: Int, minimumArticles: Int = minimumArticles, in db: Database) throws {
        guard partition != ArchiveIndex.livePartition, try exists(in: db) else { return }
        let table = ArchiveIndex.table(partition)
        try forget(partition, in: db)
        if let span = try Row.fetchOne(db, sql: "SELECT count(*), min(id), max(id) FROM \(table)_docsize") {
            let count: Int = try span[0]
            let first: Int64? = try span[1]
            let last: Int64? = try span[2]
            if count >= minimumArticles, let first, let last, (0...largestFirstID).contains(first), first <= last,
                last - first < Int64(largestSet) * 8
            {
                try makeSets(of: table, partition: partition, articles: count, ids: first...last, in: db)
            }
        }
        try db.execute(
            sql: "INSERT INTO archiveWordSet (ftsPartition, word, firstId, bits) VALUES (?, ?, 0, x'')",
            arguments: [partition, builtMark])
    }

    private static func makeSets(of table: String, partition: Int, articles: Int, ids: ClosedRange<Int64>, in db: Database) throws {
        let rows = "archiveWordSetRows_\(partition)"
        let instances = "archiveWordSetInstances_\(partition)"
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE temp.\(rows) USING fts5vocab(main, \(table), row);
                CREATE VIRTUAL TABLE temp.\(instances) USING fts5vocab(main, \(table), instance);
                """)
        defer { try? db.execute(sql: "DROP TABLE temp.\(rows); DROP TABLE temp.\(instances);") }
        let words = try String.fetchAll(
            db, sql: "SELECT term FROM temp.\(rows) WHERE doc >= ? AND term <> ''", arguments: [(articles + commonShare - 1) / commonShare])
        // Each set made in SQLite from the word's entries, a row per article and column (`nytidset`).
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO archiveWordSet (ftsPartition, word, firstId, bits)
                SELECT ?1, ?2, ?3, bits FROM (SELECT nytidset(doc, ?3, ?4) AS bits FROM temp.\(instances) WHERE term = ?2)
                WHERE bits IS NOT NULL
                """)
        for word in words {
            try insert.execute(arguments: [partition, word, ids.lowerBound, ids.upperBound - ids.lowerBound + 1])
        }
    }

    /// The articles of an index that may hold every word of a query, from the words' sets.
    struct Candidates: Equatable {
        /// Newest first.
        var ids: [Int64]
        /// How many words' lists FTS5 would walk side by side, and the articles of the shortest: FTS5 steps
        /// through the lists together, each to the next article the others hold, so it walks about the
        /// shortest list's length in each (the longer ones' other entries are passed over on their pages).
        var lists: Int
        var shortestList: Int

        /// Ranking a candidate (its text split again, `nytrankwords`) costs about as much as FTS5's walk of
        /// this many entries of the words' lists: about 72,000 instructions against 410 an entry on the
        /// 15,000,000-article benchmark cache (docs/performance.md).
        static let entriesPerCandidate = 175

        /// Whether ranking the candidates one by one costs less than FTS5's walk of the words' lists for
        /// `limit` matches: when the words rarely go together. Where they often do, FTS5 finds the limit's
        /// matches in a part of the lists, and a candidate is most of the lists' entries.
        func costLessThanLists(limit: Int) -> Bool {
            let ranked = min(ids.count, limit)
            let whole = Double(lists) * Double(shortestList)
            // The part of the lists FTS5 walks before it has found `limit` matches, newest first.
            let walked = ids.count > limit ? whole * Double(limit) / Double(ids.count) : whole
            return Double(ranked * Self.entriesPerCandidate) < walked
        }
    }

    /// The articles of `partition` that may hold every one of `words` (tokens of the index's tokenizer),
    /// newest first; nil when one of them has no set there (not common in the index, or its sets not made).
    static func candidates(of words: [String], in partition: Int, db: Database) throws -> Candidates? {
        guard !words.isEmpty, words.count <= largestQuery, partition != ArchiveIndex.livePartition else { return nil }
        let read = try db.cachedStatement(sql: "SELECT firstId, bits FROM archiveWordSet WHERE ftsPartition = ? AND word = ?")
        var firstID: Int64? = nil
        var all: [UInt64] = []
        var shortest = Int.max
        let distinct = Set(words.filter { !$0.isEmpty })
        for word in distinct {
            guard let row = try Row.fetchOne(read, arguments: [partition, word]) else { return nil }
            let first: Int64 = try row[0]
            guard (0...largestFirstID).contains(first), case .blob(let bytes) = row[1], bytes.count <= largestSet else {
                throw DatabaseError.damaged("archiveWordSet of \(partition)")
            }
            // The sets of one index are made together, over the same ids: sets that are not are left alone.
            guard firstID == nil || (firstID == first && all.count == (bytes.count + 7) / 8) else { return nil }
            let words = Self.words(of: bytes)
            shortest = min(shortest, words.reduce(0) { $0 + $1.nonzeroBitCount })
            if firstID == nil {
                firstID = first
                all = words
            } else {
                all = zip(all, words).map { $0 & $1 }
            }
        }
        guard let firstID else { return nil }
        var ids: [Int64] = []
        for index in all.indices.reversed() {
            var word = all[index]
            while word != 0 {
                let bit = 63 - word.leadingZeroBitCount
                ids.append(firstID + Int64(index) * 64 + Int64(bit))
                word &= ~(1 << UInt64(bit))
            }
        }
        return Candidates(ids: ids, lists: distinct.count, shortestList: shortest)
    }

    /// `bytes` as 64-bit words, the first byte the lowest of the first word (the last word filled with zeros).
    private static func words(of bytes: [UInt8]) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        bytes.withUnsafeBytes { raw in
            let whole = raw.count / 8
            for index in 0..<whole {
                words[index] = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            }
            for offset in (whole * 8)..<raw.count {
                words[whole] |= UInt64(raw[offset]) << UInt64((offset - whole * 8) * 8)
            }
        }
        return words
    }
}
