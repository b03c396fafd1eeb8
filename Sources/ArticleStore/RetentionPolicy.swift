import FoundationEssentials

/// How long the cache keeps articles that left every feed, and how many unsaved articles it holds at most.
public struct RetentionPolicy: Hashable, Sendable {
    /// Articles in no feed and not saved are pruned once they were last fetched longer ago than this.
    public var retention: TimeInterval
    /// The most unsaved articles the cache keeps; the least recently fetched go first.
    public var maximumUnsavedArticles: Int

    public init(retention: TimeInterval = 30 * 86_400, maximumUnsavedArticles: Int = 20_000) {
        self.retention = retention
        self.maximumUnsavedArticles = maximumUnsavedArticles
    }

    public static let standard = RetentionPolicy()
}
