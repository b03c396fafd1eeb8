import SQLite

/// Splits a search word where the full-text indexes' tokenizer does, and folds it as that tokenizer does
/// (`nyttokens`, CFTSRank): a word Swift sees as one (letters and digits) can be several tokens to
/// unicode61, which takes spacing marks (Devanagari's vowel signs), enclosing marks and zero-width joiners
/// for separators, and knows the Unicode of its SQLite. The indexes keep no positions (`detail=column`), so
/// such a word cannot be one phrase there: `SearchTerms.wordExpression` makes each of its tokens a term.
struct IndexTokenizer {
    let db: Database

    /// The tokens of `word`, folded as the indexes fold them, in order; none when the tokenizer keeps
    /// nothing of it.
    func tokens(of word: String) throws -> [String] {
        // ASCII letters and digits are one token, in lower case, for any version of unicode61.
        if word.utf8.allSatisfy({ (0x61...0x7A).contains($0 | 0x20) || (0x30...0x39).contains($0) }) { return [word.lowercased()] }
        let tokens = try String.fetchOne(db.cachedStatement(sql: "SELECT nyttokens(?)"), arguments: [word]) ?? ""
        // Split by bytes: a space after a prepending mark (U+0D4E) is one Character with it.
        return tokens.utf8.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
    }
}
