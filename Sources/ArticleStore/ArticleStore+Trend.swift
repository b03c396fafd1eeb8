import NewsCore

// Trends: the share of archived articles matching terms, year by year or month by month.
extension ArticleStore {
    /// For each of `query.terms`, the articles of each period whose headline or paragraphs match it (every
    /// word whole, as the reader's `/` search matches words followed by a space: see `TrendTerm`), beside
    /// the period's articles, over
    /// every period from `query.first` to `query.last` (by default the first and last months imported).
    /// A period counts the months imported whole; one without any is a gap (`nil`), never a zero. Counted
    /// from the full-text indexes and the counts kept at import, without reading article rows.
    public func trend(_ query: TrendQuery) throws(StoreError) -> Trend {
        try read { db in try TrendCounter(db: db).trend(query) }
    }

    /// Whether `term` looks for anything (a term of punctuation alone does not).
    public static func isSearchable(_ term: String) -> Bool {
        !TrendTerm.looksForNothing(term)
    }
}
