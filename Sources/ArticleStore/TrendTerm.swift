/// One term of a trend as full-text expressions. The words are parsed by `SearchTerms`, the parser of the
/// reader's `/` search, as `/` takes them once a space follows them: every word whole, ignoring case and
/// accents (no word is a prefix: a prefix makes FTS5 merge the doclists of every word it starts, over a
/// whole index, for each count; and a trend of `war` should not count "warming"). No fallback to prefixes
/// either: a trend counts one rule in every period. The words are looked for in the headline and the one
/// paragraph every article has: the lead paragraph, or the abstract when there is none, which is all an
/// archived article keeps (in `leadParagraph`); not the byline, nor the abstract a live feed's article
/// keeps beside its lead: a month counts the same whatever the cache held before it was imported. An
/// article of the live index whose lead is its abstract stores the lead empty
/// (`ArticleColumns.storedLeadParagraph`), so there the abstract is looked in too, for those articles
/// (`abstractOnly`). CJK runs are looked for in `articleCJK` as `/` does (any part of a run; that index
/// holds the byline too).
struct TrendTerm {
    /// The columns of the full-text indexes a term is looked for in.
    static let columns = "{title leadParagraph}"

    /// The words as an FTS5 expression for `articleFTS` and the archive's yearly indexes.
    let words: String?
    /// The words found in the headline and the abstract but not in `columns`: for the live index's
    /// articles whose lead is stored empty, whose paragraph is the abstract.
    let abstractOnly: String?
    /// The CJK runs as an FTS5 expression for `articleCJK`.
    let cjk: String?

    /// The term `text`, its words split where the indexes' tokenizer splits them (`IndexTokenizer`).
    init(_ text: String, tokenizer: IndexTokenizer) throws {
        let terms = Self.terms(text)
        let expression = try terms.wordExpression(tokens: tokenizer.tokens)
        words = expression.map { "\(Self.columns) : (\($0))" }
        abstractOnly = expression.map { "{title abstract} : (\($0)) NOT \(Self.columns) : (\($0))" }
        cjk = terms.cjkExpression
    }

    /// Whether the term has nothing to look for (only punctuation or spaces).
    var isEmpty: Bool { words == nil && cjk == nil }

    /// Whether `text` has nothing to look for, as a term.
    static func looksForNothing(_ text: String) -> Bool { terms(text).isEmpty }

    /// The words of `text`: followed by a space, the last word is finished too, matched whole.
    private static func terms(_ text: String) -> SearchTerms { SearchTerms(text + " ") }
}
