/// One article found by a full-text search of the cache.
public struct SearchHit: Hashable, Sendable {
    public var entry: ArticleEntry
    /// A short excerpt around the match; matched words are wrapped in `SearchHit.highlightStart` / `highlightEnd`.
    public var snippet: String

    public init(entry: ArticleEntry, snippet: String) {
        self.entry = entry
        self.snippet = snippet
    }

    /// Marks the start of a matched word in `snippet` (a private-use character, never in NYT text).
    public static let highlightStart: Character = "\u{E000}"
    /// Marks the end of a matched word in `snippet`.
    public static let highlightEnd: Character = "\u{E001}"
}
