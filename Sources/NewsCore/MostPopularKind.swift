/// What a Most Popular list ranks by.
public enum MostPopularKind: String, Sendable, Hashable, CaseIterable {
    /// Most viewed on nytimes.com.
    case viewed
    /// Most emailed.
    case emailed
    /// Most shared (e.g. on Facebook).
    case shared
}

extension MostPopularKind {
    /// `Most viewed`, `Most emailed`, `Most shared`.
    public var title: String { "Most " + rawValue }
}
