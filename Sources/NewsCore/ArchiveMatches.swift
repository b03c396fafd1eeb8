/// The archived articles of one period that a trend's term matches: what the reader opens from a period
/// of its trend chart, as a feed read from the cache (`Feed.archiveMatches`), in publication order. It
/// holds as many articles as the trend counted for the term in that period.
public struct ArchiveMatches: Hashable, Sendable {
    /// The words, as typed into the reader's `/` search (matched as a trend matches them).
    public var term: String
    /// The year or month of the archive.
    public var period: TrendPeriod

    public init(term: String, period: TrendPeriod) {
        self.term = term
        self.period = period
    }

    /// `“climate change” in 1987`.
    public var title: String { "“\(term)” in \(period)" }
}
