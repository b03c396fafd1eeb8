/// What one archive month's response held, once its articles were all handed on.
public struct ArchiveSummary: Hashable, Sendable {
    /// The month's count of articles as the NYT reports it.
    public var hits: Int?
    /// Documents in the response, readable or not.
    public var documentCount: Int
    /// Articles handed on (readable, each uri once).
    public var articleCount: Int
    /// Documents left out (unreadable, repeated, past the cap).
    public var skippedCount: Int
    /// Bytes of the body.
    public var byteCount: Int

    public init(hits: Int?, documentCount: Int, articleCount: Int, skippedCount: Int, byteCount: Int) {
        self.hits = hits
        self.documentCount = documentCount
        self.articleCount = articleCount
        self.skippedCount = skippedCount
        self.byteCount = byteCount
    }
}
