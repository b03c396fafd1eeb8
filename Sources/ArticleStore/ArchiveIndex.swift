import SQLite

/// The full-text index of archived articles, one FTS5 table per year of the archive (`archiveFTS_2024`),
/// beside `articleFTS`, which indexes every other article. A query's cost grows with the matches of its
/// words in the index it reads: searching the newest year first, and the older ones only while fewer
/// than the ranking window matched, keeps a search of a million archived articles near the cost of one
/// of a year's hundred thousand.
///
/// Each article is indexed in one table only, named by its `ftsPartition` (0: `articleFTS`; a year: that
/// year's table). Deleting an article takes it out of its table (a trigger per table).
enum ArchiveIndex {
    /// The table indexing the articles of `partition` (0 or a year).
    static func table(_ partition: Int) -> String {
        partition == 0 ? "articleFTS" : "archiveFTS_\(partition)"
    }

    /// Creates `year`'s table and its delete trigger when they do not exist.
    static func ensure(year: Int, in db: Database) throws {
        let table = table(year)
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE IF NOT EXISTS \(table) USING fts5(
                    title, abstract, leadParagraph, byline,
                    content='article', content_rowid='id',
                    tokenize='unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER IF NOT EXISTS \(table)_delete AFTER DELETE ON article WHEN old.ftsPartition = \(year) BEGIN
                    INSERT INTO \(table)(\(table), rowid, title, abstract, leadParagraph, byline)
                    VALUES ('delete', old.id, old.title, old.abstract, old.leadParagraph, old.byline);
                END;
                """)
    }

    /// The years that have a table, newest first.
    static func years(in db: Database) throws -> [Int] {
        try String.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'archiveFTS_[0-9][0-9][0-9][0-9]'
                    """)
        ).compactMap { Int($0.dropFirst("archiveFTS_".count)) }.sorted(by: >)
    }

    /// Every index to search, in the order to search them: `articleFTS`, then the years, newest first.
    static func tables(in db: Database) throws -> [String] {
        try [table(0)] + years(in: db).map(table)
    }
}
