/// How much of one period of a trend the cache holds: its months in the trend's range, those imported
/// whole, and their articles.
public struct TrendCoverage: Hashable, Sendable {
    public var period: TrendPeriod
    /// Months of the period inside the trend's range (12 for a whole year, 1 for a month).
    public var monthCount: Int
    /// Of those, the months imported whole.
    public var importedMonthCount: Int
    /// Articles the imported months list (an article listed by two months counts in each).
    public var articleCount: Int

    public init(period: TrendPeriod, monthCount: Int, importedMonthCount: Int, articleCount: Int) {
        self.period = period
        self.monthCount = monthCount
        self.importedMonthCount = importedMonthCount
        self.articleCount = articleCount
    }

    /// Whether any month of the period was imported; one that was not is a gap, never a zero.
    public var isImported: Bool { importedMonthCount > 0 }
}
