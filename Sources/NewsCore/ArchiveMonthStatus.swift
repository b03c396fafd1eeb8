import FoundationEssentials

/// What the cache holds of one archive month that was imported whole, or as far as it had gone (`isWhole`).
public struct ArchiveMonthStatus: Hashable, Sendable {
    public var month: ArchiveMonth
    /// Articles of the month in the cache.
    public var articleCount: Int
    /// The month's count of articles as the NYT reported it.
    public var hits: Int?
    /// Bytes of the month's response.
    public var byteCount: Int
    /// When the import finished.
    public var completedDate: Date

    /// Whether the import holds the whole month at `now`: it finished after the month had ended
    /// (`wholeAfter`), and the month has ended (an import dated later by a clock ahead does not count).
    public func isWhole(at now: Date) -> Bool { completedDate >= month.wholeAfter && now >= month.wholeAfter }

    public init(month: ArchiveMonth, articleCount: Int, hits: Int?, byteCount: Int, completedDate: Date) {
        self.month = month
        self.articleCount = StoredCount.bounded(articleCount)
        self.hits = hits.map(StoredCount.bounded)
        self.byteCount = StoredCount.bounded(byteCount)
        self.completedDate = completedDate
    }
}
