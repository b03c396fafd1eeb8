/// How much of a refresh is held in memory before its articles are set aside in the cache: a refresh
/// within both bounds is stored straight from memory (written once), a longer one is set aside as it
/// arrives (bounded memory, written twice).
public struct StagingBound: Sendable, Equatable {
    /// Articles held at most.
    public var articles: Int
    /// Bytes of text (UTF-8, every field) held at most.
    public var textBytes: Int

    public init(articles: Int, textBytes: Int) {
        self.articles = articles
        self.textBytes = textBytes
    }

    /// 1,000 articles or 1 MB of text, whichever comes first: a Top Stories section (a few dozen
    /// articles) many times over, about a megabyte of memory (the choice is measured in
    /// docs/performance.md).
    public static let standard = StagingBound(articles: 1_000, textBytes: 1 << 20)

    /// Nothing held: every article is set aside as it arrives.
    public static let none = StagingBound(articles: 0, textBytes: 0)
}
