/// One term of a trend as full-text expressions. The words are those of the reader's `/` search, parsed
/// by `SearchTerms` with the same rules (every word, case and accents ignored; the last word by prefix
/// when it has three letters or more and no space follows it), without the search's fallback to every
/// word by prefix: a trend counts one rule in every period. They are looked for in the headline and the
/// paragraphs (`abstract`, `leadParagraph`: an archived article keeps its lead paragraph, or its abstract
/// when it has none), not the byline. CJK runs are looked for in `articleCJK`, which indexes the byline
/// with the rest.
struct TrendTerm {
    /// The columns of the full-text indexes a term is looked for in.
    static let columns = "{title abstract leadParagraph}"

    /// The words as an FTS5 expression for `articleFTS` and the archive's yearly indexes.
    let words: String?
    /// The CJK runs as an FTS5 expression for `articleCJK`.
    let cjk: String?

    init(_ text: String) {
        let terms = SearchTerms(text)
        words = terms.wordExpression.map { "\(Self.columns) : (\($0))" }
        cjk = terms.cjkExpression
    }

    /// Whether the term has nothing to look for (only punctuation or spaces).
    var isEmpty: Bool { words == nil && cjk == nil }
}
