/// One term's matching articles in each period of a trend.
public struct TrendSeries: Hashable, Sendable {
    /// The term as it was given.
    public var term: String
    /// Per period of the trend, in its order: the articles matching, or nil where nothing was imported.
    public var matches: [Int?]

    public init(term: String, matches: [Int?]) {
        self.term = term
        self.matches = matches
    }
}
