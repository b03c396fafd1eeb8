import CFTSRank
import SQLite

/// The words the tokenizer records for an archive index's list (CFTSRank's words.c: `nytwords_start`,
/// `nytwords_take`), held against the words FTS5 itself indexed from the same text (`fts5vocab`): any
/// text, in two columns, with words longer than FTS5 keeps (the input repeated, when its first byte is
/// odd). Neither may read or write past its buffers (the fuzz build runs under AddressSanitizer).
enum IndexWordsTarget {
    /// One connection for every input: an index made once, emptied after each.
    static let connection: DatabaseQueue = {
        do {
            let queue = try DatabaseQueue()
            try queue.writeWithoutTransaction { db in
                FuzzCheck.require(nyt_register_full_text(db.sqliteConnection) == 0, "the full-text extensions")
                try db.execute(
                    sql: """
                        CREATE VIRTUAL TABLE words USING fts5(a, b, content='', tokenize='nytfold unicode61 remove_diacritics 2', detail=none);
                        CREATE VIRTUAL TABLE temp.wordsVocabulary USING fts5vocab(main, words, row);
                        """)
            }
            return queue
        } catch {
            fatalError("\(error)")
        }
    }()

    static let target = FuzzTarget(name: "index-words") { bytes in
        var input = Array(bytes)
        if let first = input.first, first & 1 == 1 { input = Array(repeating: input.dropFirst(), count: 40).flatMap { $0 } }
        let cut = input.firstIndex(of: 0) ?? input.count
        let columns = [
            String(decoding: input[..<cut], as: UTF8.self), String(decoding: input[min(cut + 1, input.count)...], as: UTF8.self),
        ]
        do {
            try connection.writeWithoutTransaction { db in
                try db.execute(sql: "SELECT nytwords_start()")
                try db.execute(sql: "INSERT INTO words (a, b) VALUES (?, ?)", arguments: [columns[0], columns[1]])
                let recorded = try String.fetchOne(db, sql: "SELECT nytwords_take()")
                let listed = try Row.fetchAll(db, sql: "SELECT CAST(value AS BLOB) FROM json_each(?)", arguments: [recorded])
                let indexed = try Row.fetchAll(db, sql: "SELECT CAST(term AS BLOB) FROM temp.wordsVocabulary")
                FuzzCheck.require(recorded != nil, "no words recorded from \(input.count) bytes")
                // Byte for byte and in the same order (FTS5 lists its words sorted by their bytes).
                FuzzCheck.require(
                    listed.map { $0[0] as DatabaseValue } == indexed.map { $0[0] as DatabaseValue },
                    "recorded \(listed.count) words, the index has \(indexed.count), from \(columns.map(\.debugDescription))")
                try db.execute(sql: "INSERT INTO words (words) VALUES ('delete-all')")
            }
        } catch {
            FuzzCheck.require(false, "\(error)")
        }
    }
}
