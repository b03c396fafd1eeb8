/// A list of articles the reader can show.
public enum Feed: Hashable, Sendable, CustomStringConvertible {
    /// Top Stories of one section.
    case topStories(Section)
    /// Article Search results for a query.
    case search(SearchQuery)
    /// The articles the reader saved, newest first.
    case saved

    /// The feed's stable key in the cache, e.g. `top:world` or `search:q=election;from=20240101;to=20240131`.
    public var key: String {
        switch self {
        case .topStories(let section):
            return "top:\(section.rawValue)"
        case .search(let query):
            var key = "search:q=\(query.text)"
            if let begin = query.beginDate { key += ";from=\(begin)" }
            if let end = query.endDate { key += ";to=\(end)" }
            return key
        case .saved:
            return "saved"
        }
    }

    /// The kind stored beside the key: `top`, `search` or `saved`.
    public var kind: String {
        switch self {
        case .topStories: return "top"
        case .search: return "search"
        case .saved: return "saved"
        }
    }

    /// A name for people, e.g. `World` or `Search “election”`.
    public var title: String {
        switch self {
        case .topStories(let section): return section.displayName
        case .search(let query): return "Search “\(query.text)”"
        case .saved: return "Saved"
        }
    }

    public var description: String { key }

    /// Whether the feed comes from the NYT API (and so can be refreshed).
    public var isRemote: Bool {
        if case .saved = self { return false }
        return true
    }
}
