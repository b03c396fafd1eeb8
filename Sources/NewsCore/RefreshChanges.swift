/// What a refresh did to the cache.
public struct RefreshChanges: Hashable, Sendable {
    /// Articles now in the feed.
    public var total: Int
    /// Articles the cache did not have before.
    public var inserted: Int
    /// Cached articles whose text changed.
    public var updated: Int
    /// Articles that left the feed.
    public var removed: Int

    public init(total: Int, inserted: Int, updated: Int, removed: Int) {
        self.total = total
        self.inserted = inserted
        self.updated = updated
        self.removed = removed
    }
}
