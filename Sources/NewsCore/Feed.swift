/// A list of articles the reader can show.
public enum Feed: Hashable, Sendable, CustomStringConvertible {
    /// Top Stories of one section.
    case topStories(Section)
    /// Article Search results for a query.
    case search(SearchQuery)
    /// The articles the reader saved, newest first.
    case saved
    /// A Most Popular list: the most viewed, emailed or shared articles of the last 1, 7 or 30 days.
    case mostPopular(MostPopularKind, MostPopularPeriod)
    /// The newest articles across the NYT as they are published (the Times Newswire).
    case latest

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
        case .mostPopular(let kind, let period):
            return "popular:\(kind.rawValue):\(period.rawValue)"
        case .latest:
            return "latest"
        }
    }

    /// The kind stored beside the key: `top`, `search`, `saved`, `popular` or `latest`.
    public var kind: String {
        switch self {
        case .topStories: return "top"
        case .search: return "search"
        case .saved: return "saved"
        case .mostPopular: return "popular"
        case .latest: return "latest"
        }
    }

    /// A name for people, e.g. `World` or `Search “election”`.
    public var title: String {
        switch self {
        case .topStories(let section): return section.displayName
        case .search(let query): return "Search “\(query.text)”"
        case .saved: return "Saved"
        case .mostPopular(let kind, let period): return "\(kind.title) · \(period.title)"
        case .latest: return "Latest"
        }
    }

    public var description: String { key }

    /// Whether the feed comes from the NYT API (and so can be refreshed).
    public var isRemote: Bool {
        if case .saved = self { return false }
        return true
    }
}
