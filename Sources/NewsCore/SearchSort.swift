/// The order Article Search returns its matches in.
public enum SearchSort: String, Hashable, Sendable, CaseIterable {
    case newest
    case oldest
    case relevance

    /// How a feed title says it, or nil for the default order (newest first).
    var titleSuffix: String? {
        switch self {
        case .newest: return nil
        case .oldest: return "oldest first"
        case .relevance: return "by relevance"
        }
    }
}
