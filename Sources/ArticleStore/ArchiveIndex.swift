import SQLite

/// The full-text index of archived articles, one FTS5 table per year of the archive from 2000 on
/// (`archiveFTS_2024`) and per decade before it (`archiveFTS_1970`: 1970 … 1979), beside `articleFTS`,
/// which indexes every other article. A query's cost grows with the matches of its words in the index it
/// reads: searching the newest year first, and the older ones only while fewer than the ranking window
/// matched, keeps a search of a million archived articles near the cost of one of a year's hundred
/// thousand. The older years are read only by searches that read every index anyway, and every table
/// costs every connection its schema (five tables and a trigger, which SQLite parses, and compares with
/// each other, on a connection's first statement): decades there keep the whole archive since 1851 at
/// 40 indexes instead of 174 (docs/performance.md).
///
/// Each article is indexed in one table only, named by its `ftsPartition` (0: `articleFTS`; else the
/// first year of the table's years). Deleting an article takes it out of its table (a trigger per table).
/// A cache made when every year had a table keeps them: the articles stay in the table they are in.
enum ArchiveIndex {
    /// The partition of every article that is not archived (`articleFTS`).
    static let livePartition = 0

    /// From this year on, each year has a table of its own.
    static let firstYearAlone = 2000

    /// The partition of the articles of `year`: the year from `firstYearAlone` on, else its decade.
    static func partition(forYear year: Int) -> Int {
        year >= firstYearAlone ? year : year - year % 10
    }

    /// `partition` as read back from the cache: 0, or the year or decade an archive index holds; another
    /// number is a damaged cache (an index's table is named from it).
    static func stored(_ partition: Int) throws -> Int {
        guard partition == livePartition || (1_800...9_999).contains(partition) else {
            throw DatabaseError.damaged("ftsPartition \(partition)")
        }
        return partition
    }

    /// The table indexing the articles of `partition` (0 or a year).
    static func table(_ partition: Int) -> String {
        partition == livePartition ? "articleFTS" : "archiveFTS_\(partition)"
    }

    /// How every full-text index splits and folds its text: `unicode61` folds case and the accents that
    /// decompose, `nytfold` (CFTSRank) the letters that do not (ø, æ, ß, ł …), as `SearchTerms.fold` does.
    static let tokenizer = "nytfold unicode61 remove_diacritics 2"

    /// Creates the table of `partition` and its delete trigger when they do not exist. A new table keeps
    /// which columns hold each word, not where (`detail=column`, as `articleFTS`): 136 against 236 bytes an
    /// article on a year of the archive, and the same query times, since no query needs positions
    /// (`SearchTerms.wordExpression`, `nytrank`). Tables made before keep their positions.
    static func ensure(partition: Int, in db: Database) throws {
        let table = table(partition)
        // A table made now keeps the list of its words from its first article on (`ArchiveWords`).
        let isNew = try !db.tableExists(table)
        try db.execute(
            sql: """
                \(creation(of: table, tokenizer: tokenizer, detail: "column", ifNotExists: true))
                CREATE TRIGGER IF NOT EXISTS \(table)_delete AFTER DELETE ON article WHEN old.ftsPartition = \(partition) BEGIN
                    INSERT INTO \(table)(\(table), rowid, title, abstract, leadParagraph, byline)
                    VALUES ('delete', old.id, \(indexedText(of: "old")));
                END;
                """)
        if isNew { try ArchiveWords.markComplete(partition, in: db) }
    }

    /// The SQL of the text the indexes take from an `article` row (named `row` when given): its title,
    /// abstract, lead paragraph and byline, unpacked (`PackedText`). An article is taken out of an index
    /// with the text it was indexed with.
    static func indexedText(of row: String? = nil) -> String {
        ["title", "abstract", "leadParagraph", "byline"].map { PackedText.read($0, of: row) }.joined(separator: ", ")
    }

    /// Drops the table of `partition` and makes it anew with `tokenizer` and, when given, `detail` (FTS5's
    /// option: `column` keeps which columns hold a word but not where), filled with the articles it indexes
    /// (an FTS5 table's tokenizer and detail cannot change; its delete trigger names it, and stays).
    ///
    /// The articles are found by reading every row's `ftsPartition`, or, with `listedByIndex`, from the
    /// table's own list of the articles it holds (its `_docsize` table, a row per article, read before the
    /// table goes): the live index of a cache of 15,000,000 archived articles is made again in a second
    /// instead of the 72 a scan of every row takes (`CROSS JOIN` keeps SQLite from choosing that scan
    /// itself: with the list empty, it did, 5.6 s).
    static func rebuild(_ partition: Int, tokenizer: String, detail: String? = nil, listedByIndex: Bool = false, in db: Database) throws {
        let table = table(partition)
        // The words of a table made with another tokenizer may not be its words now.
        try ArchiveWords.forget(partition, in: db)
        try ArchiveWordSets.forget(partition, in: db)
        let source =
            listedByIndex
            ? "temp.indexedArticle i CROSS JOIN article a ON a.id = i.id WHERE a.ftsPartition = \(partition)"
            : "article a WHERE a.ftsPartition = \(partition)"
        if listedByIndex {
            try db.execute(
                sql: "CREATE TEMP TABLE indexedArticle (id INTEGER PRIMARY KEY); INSERT INTO indexedArticle SELECT id FROM \(table)_docsize"
            )
        }
        try db.execute(
            sql: """
                DROP TABLE \(table);
                \(creation(of: table, tokenizer: tokenizer, detail: detail))
                INSERT INTO \(table) (rowid, title, abstract, leadParagraph, byline)
                SELECT a.id, \(indexedText(of: "a")) FROM \(source);
                """)
        if listedByIndex { try db.execute(sql: "DROP TABLE temp.indexedArticle") }
    }

    /// The statement that makes the index `table`: the articles' title, abstract, lead paragraph and byline,
    /// read from `article` (the index keeps no copy), split by `tokenizer`, with FTS5's `detail` when given.
    private static func creation(of table: String, tokenizer: String, detail: String?, ifNotExists: Bool = false) -> String {
        """
        CREATE VIRTUAL TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(table) USING fts5(
            title, abstract, leadParagraph, byline,
            content='article', content_rowid='id',
            tokenize='\(tokenizer)'\(detail.map { ",\n    detail=\($0)" } ?? "")
        );
        """
    }

    /// Empties the index of `partition` when it indexes no article any more (its months forgotten): an
    /// article deleted leaves its words in the index, marked deleted, until FTS5 merges them away, and
    /// a search reads them, newest index first. An index left holding only a forgotten month's 8,000
    /// articles made every search of a 100,000-article archive 5 times slower (docs/performance.md).
    static func clearIfUnused(_ partition: Int, in db: Database) throws {
        guard partition != livePartition, try partitions(in: db).contains(partition) else { return }
        let table = table(partition)
        guard try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM \(table)_docsize)") == true else { return }
        try db.execute(sql: "INSERT INTO \(table)(\(table)) VALUES ('delete-all')")
        try ArchiveWordSets.forget(partition, in: db)
        // Empty, the index has all its words listed again.
        try ArchiveWords.markComplete(partition, in: db)
    }

    /// The partitions that have a table, newest first.
    static func partitions(in db: Database) throws -> [Int] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'archiveFTS_[0-9][0-9][0-9][0-9]'
                    """)
        ).compactMap { Int($0.dropFirst("archiveFTS_".count)) }.sorted(by: >)
    }

    /// Every index to search, in the order to search them: `articleFTS`, then the archive's, newest first.
    static func tables(in db: Database) throws -> [String] {
        try [table(0)] + partitions(in: db).map(table)
    }
}
