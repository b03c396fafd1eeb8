/// What a trend is asked for: terms, counted by year or month, over a range of archive months.
public struct TrendQuery: Hashable, Sendable {
    /// Each term as a person types it into the reader's `/` search.
    public var terms: [String]
    public var interval: TrendInterval
    /// The first month counted; nil: the first month imported.
    public var first: ArchiveMonth?
    /// The last month counted; nil: the last month imported.
    public var last: ArchiveMonth?

    public init(terms: [String], interval: TrendInterval = .year, first: ArchiveMonth? = nil, last: ArchiveMonth? = nil) {
        self.terms = terms
        self.interval = interval
        self.first = first
        self.last = last
    }
}
