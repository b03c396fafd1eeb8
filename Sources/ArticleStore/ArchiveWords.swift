import SQLite

/// The words each archive index (`ArchiveIndex`) holds, kept beside it so that a search's prefix can be
/// given to FTS5 as the one word it stands for. FTS5 makes a prefix's whole list of matches before it
/// reads the first, where a word is walked beside the others and skipped along: the slow query of the
/// whole-NYT benchmark takes a sixth less with `rates` than with `rates*` (docs/performance.md).
///
/// An index's list is complete when the index was made by a version that keeps it (its mark, the empty
/// word, which no token is); every article written into such an index has its words added, as the
/// tokenizer gives them to the index (`recording`). A word of an article taken out stays (a word too many
/// only makes a prefix look wider than it is), but forgetting months takes the list of their indexes away,
/// which the words of thousands of articles gone would fill for nothing, unless it leaves the index empty.
/// An index without the mark (made before, made again by `ArchiveIndex.rebuild`, or with months
/// forgotten) is searched by prefix until `archive --compact` lists its words (`list`).
enum ArchiveWords {
    /// What the words of one index say about a prefix.
    enum Prefix: Equatable {
        /// The list is not complete, or holds more than one word with the prefix: search by prefix.
        case unknown
        /// No word of the index starts with the prefix: nothing in it can match.
        case none
        /// The only word of the index that starts with the prefix.
        case one(String)
    }

    /// The table (a migration and `Schema.current` make it).
    static let schema = """
        CREATE TABLE archiveWord (
            ftsPartition INTEGER NOT NULL,
            word TEXT NOT NULL,
            PRIMARY KEY (ftsPartition, word)
        ) WITHOUT ROWID;
        """

    /// The word that marks a partition's list complete: no token is empty.
    private static let completeMark = ""

    /// Marks the list of `partition`, whose index was just made empty, complete.
    static func markComplete(_ partition: Int, in db: Database) throws {
        guard try exists(in: db) else { return }
        try db.execute(sql: "INSERT OR IGNORE INTO archiveWord (ftsPartition, word) VALUES (?, ?)", arguments: [partition, completeMark])
    }

    /// Forgets the list of `partition` (its index is made again, perhaps with another tokenizer).
    static func forget(_ partition: Int, in db: Database) throws {
        guard try exists(in: db) else { return }
        try db.execute(sql: "DELETE FROM archiveWord WHERE ftsPartition = ?", arguments: [partition])
    }

    /// Runs `write`, which writes articles into the index of `partition`, and adds to the partition's list,
    /// when it is complete, the words the index took meanwhile: the tokenizer records them as it gives them
    /// to FTS5 (`nytwords_start`, `nytwords_take`: CFTSRank's words.c). A recording past its bounds (far
    /// above a batch's words) leaves the list incomplete.
    /// The index's sets of articles per common word (`ArchiveWordSets`) are forgotten first: they would not
    /// hold the articles written.
    static func recording(into partition: Int, in db: Database, _ write: () throws -> Void) throws {
        try ArchiveWordSets.forget(partition, in: db)
        guard partition != ArchiveIndex.livePartition, try isComplete(partition, in: db) else { return try write() }
        let take = try db.cachedStatement(sql: "SELECT nytwords_take()")
        try db.cachedStatement(sql: "SELECT nytwords_start()").execute()
        do {
            try write()
        } catch {
            _ = try? String.fetchOne(take)
            throw error
        }
        guard let words = try String.fetchOne(take) else { return try forget(partition, in: db) }
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO archiveWord (ftsPartition, word) SELECT ?, value FROM json_each(?)")
            .execute(arguments: [partition, words])
    }

    /// The archive indexes whose list is not complete: made before lists were kept, made again, or with
    /// months forgotten.
    static func unlisted(in db: Database) throws -> [Int] {
        guard try exists(in: db) else { return [] }
        return try ArchiveIndex.partitions(in: db).filter { try !isComplete($0, in: db) }
    }

    /// Makes the list of `partition` from its index (`fts5vocab`, which reads the whole index: 0.3–0.4 s
    /// for the 96,304 articles of the million-article benchmark cache's 1990s) and marks it complete:
    /// `archive --compact` gives the indexes of archives imported before lists were kept theirs. FTS5's
    /// vocabulary leaves out the words only articles taken out had.
    static func list(_ partition: Int, in db: Database) throws {
        guard partition != ArchiveIndex.livePartition, try exists(in: db), try !isComplete(partition, in: db) else { return }
        let table = ArchiveIndex.table(partition)
        let vocabulary = "archiveWordVocab_\(partition)"
        try forget(partition, in: db)
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE temp.\(vocabulary) USING fts5vocab(main, \(table), row);
                INSERT INTO archiveWord (ftsPartition, word) SELECT \(partition), term FROM temp.\(vocabulary);
                DROP TABLE temp.\(vocabulary);
                """)
        try markComplete(partition, in: db)
    }

    /// What the list of `partition` says of the words starting with `prefix` (a token of the indexes'
    /// tokenizer).
    static func prefix(_ prefix: String, in partition: Int, db: Database) throws -> Prefix {
        guard !prefix.isEmpty, partition != ArchiveIndex.livePartition, try isComplete(partition, in: db) else { return .unknown }
        // Tokens are UTF-8 text, compared byte by byte: those starting with `prefix` sort from it to it
        // followed by the last code point.
        let words = try String.fetchAll(
            db.cachedStatement(
                sql: "SELECT word FROM archiveWord WHERE ftsPartition = ?1 AND word >= ?2 AND word < ?2 || char(1114111) LIMIT 2"),
            arguments: [partition, prefix])
        switch words.count {
        case 0: return .none
        case 1: return .one(words[0])
        default: return .unknown
        }
    }

    /// Whether the cache has the table: the migrations before the one that makes it still make and
    /// remake indexes, and a cache opened only to read may be one an older version made.
    static func exists(in db: Database) throws -> Bool {
        try db.tableExists("archiveWord")
    }

    private static func isComplete(_ partition: Int, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM archiveWord WHERE ftsPartition = ? AND word = ?)"),
            arguments: [partition, completeMark]) ?? false
    }
}
