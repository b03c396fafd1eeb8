import CFTSRank
import CPackedText
import SQLite

/// What every connection to the cache has before its first statement: `nytrank` and the `nytfold`
/// tokenizer (CFTSRank: bm25 without its document frequencies, which FTS5 finds by reading every match of
/// each word in the whole index, and the folding the indexes are made with, `SearchTerms.fold`), and
/// `nytpack`, `nyttext` and `nytkey` (CPackedText: the article table's packed text, `PackedText`, and the key
/// its addresses are indexed by). Without them a connection can neither read an article's text nor write
/// an article, nor create, change or drop the full-text indexes.
enum ConnectionExtensions {
    static let register: @Sendable (Database) throws -> Void = { db in
        let fullText = nyt_register_full_text(db.sqliteConnection)
        guard fullText == sqliteOK else { throw ExtensionUnavailable(name: "full-text search", code: fullText) }
        let packedText = nyt_register_packed_text(db.sqliteConnection)
        guard packedText == sqliteOK else { throw ExtensionUnavailable(name: "packed text", code: packedText) }
    }
}

/// A connection's extension could not be added (an SQLite without FTS5, or no memory).
struct ExtensionUnavailable: Error, CustomStringConvertible {
    let name: String
    let code: Int32
    var description: String { "\(name) is not available in this SQLite (error \(code))" }
}

/// SQLITE_OK, as the C functions answer it.
private let sqliteOK: Int32 = 0
