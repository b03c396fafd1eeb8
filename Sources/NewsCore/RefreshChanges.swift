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
    /// Items of the response left out: unreadable, placeholders, repeated, or past the cap on one response.
    public var skipped: Int

    public init(total: Int, inserted: Int, updated: Int, removed: Int, skipped: Int = 0) {
        self.total = total
        self.inserted = inserted
        self.updated = updated
        self.removed = removed
        self.skipped = skipped
    }
}
