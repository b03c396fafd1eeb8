import NewsCore

/// The chart of a search's words over the archive (`t`), drawn over the panes: the trend, once counted,
/// and the period highlighted, whose counts the overlay shows and whose matches Enter opens.
public struct TrendOverlay: Hashable, Sendable {
    /// The words charted, as the search has them.
    public var term: String
    /// The counts by period; nil while they are read.
    public var trend: Trend?
    /// The period highlighted: an index of `trend.periods`.
    public var selection: Int

    public init(term: String, trend: Trend? = nil, selection: Int = 0) {
        self.term = term
        self.trend = trend
        self.selection = selection
    }

    /// The highlighted period's coverage and the term's matches there (nil: not imported), once counted.
    public var selected: (coverage: TrendCoverage, matches: Int?)? {
        guard let trend, trend.coverage.indices.contains(selection) else { return nil }
        return (trend.coverage[selection], trend.series.first?.matches[selection] ?? nil)
    }
}

/// What a key does in the trend overlay.
public enum TrendOverlayKey: Hashable, Sendable {
    /// The period before (←) or after (→) the highlighted one.
    case previous, next
    /// The first or last period.
    case first, last
    /// Enter: open the highlighted period's matching articles as a feed.
    case open
    /// Esc, q or t: close the chart.
    case close
}
