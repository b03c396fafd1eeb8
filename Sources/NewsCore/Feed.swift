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
    /// Every article of one month, imported from the NYT's archive, in publication order.
    case archive(ArchiveMonth)

    /// The feed's stable key in the cache, e.g. `top:world` or `search:q=election;from=20240101;to=20240131`.
    public var key: String {
        switch self {
        case .topStories(let section):
            return "top:\(section.rawValue)"
        case .search(let query):
            var key = "search:q=\(query.text)"
            if let begin = query.beginDate { key += ";from=\(begin)" }
            if let end = query.endDate { key += ";to=\(end)" }
            if query.sort != .newest { key += ";sort=\(query.sort.rawValue)" }
            return key
        case .saved:
            return "saved"
        case .mostPopular(let kind, let period):
            return "popular:\(kind.rawValue):\(period.rawValue)"
        case .latest:
            return "latest"
        case .archive(let month):
            return "archive:\(month)"
        }
    }

    /// The kind stored beside the key.
    public var kind: FeedKind {
        switch self {
        case .topStories: return .topStories
        case .search: return .search
        case .saved: return .saved
        case .mostPopular: return .mostPopular
        case .latest: return .latest
        case .archive: return .archive
        }
    }

    /// A name for people, e.g. `World` or `Search “election”`.
    public var title: String {
        switch self {
        case .topStories(let section): return section.displayName
        case .search(let query): return "Search \(query.summary)"
        case .saved: return "Saved"
        case .mostPopular(let kind, let period): return "\(kind.title) · \(period.title)"
        case .latest: return "Latest"
        case .archive(let month): return month.title
        }
    }

    public var description: String { key }

    /// The feed `key` names, when it is one this version writes (the inverse of `key`). A search key's
    /// words are everything between `q=` and the options that end it.
    public init?(key: String) {
        if key == "saved" {
            self = .saved
            return
        }
        if key == "latest" {
            self = .latest
            return
        }
        if key.hasPrefix("top:"), let section = Section(validating: String(key.dropFirst(4))) {
            self = .topStories(section)
            return
        }
        if key.hasPrefix("popular:") {
            let parts = key.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let kind = MostPopularKind(rawValue: String(parts[1])),
                let days = Int(parts[2]), let period = MostPopularPeriod(rawValue: days)
            else { return nil }
            self = .mostPopular(kind, period)
            return
        }
        if key.hasPrefix("archive:") {
            // Any month a cache holds is readable, whatever the clock says now.
            guard let month = ArchiveMonth(key.dropFirst("archive:".count), latest: ArchiveMonth(uncheckedYear: 9_999, month: 12)) else {
                return nil
            }
            self = .archive(month)
            return
        }
        guard key.hasPrefix("search:q=") else { return nil }
        var rest = Substring(key.dropFirst("search:q=".count))
        var query = SearchQuery(text: "")
        /// Takes `;name=value` off the end of `rest` when it is there and `isValid(value)`.
        func takeOption(_ name: String, length: Int, _ isValid: (Substring) -> Bool) -> Substring? {
            let marker = ";\(name)="
            guard rest.count > marker.count + length else { return nil }
            let option = rest.suffix(marker.count + length)
            guard option.hasPrefix(marker) else { return nil }
            let value = option.dropFirst(marker.count)
            guard isValid(value) else { return nil }
            rest = rest.dropLast(option.count)
            return value
        }
        let isDay: (Substring) -> Bool = { $0.utf8.allSatisfy { (48...57).contains($0) } }
        for sort in SearchSort.allCases where sort != .newest {
            if takeOption("sort", length: sort.rawValue.count, { $0 == sort.rawValue }) != nil {
                query.sort = sort
                break
            }
        }
        query.endDate = takeOption("to", length: 8, isDay).map(String.init)
        query.beginDate = takeOption("from", length: 8, isDay).map(String.init)
        guard !rest.isEmpty else { return nil }
        query.text = String(rest)
        self = .search(query)
    }

    /// Whether the feed comes from the NYT API (and so can be refreshed).
    public var isRemote: Bool {
        if case .saved = self { return false }
        return true
    }
}
