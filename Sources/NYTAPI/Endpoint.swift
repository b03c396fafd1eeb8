import FoundationEssentials
import NewsCore

/// One request the NYT API serves: its address, the API it counts against and the shape of its answer
/// (with the caps on its size). The only place these are written: the client sends what it says, and the
/// service keeps rate-limit windows and daily request counts under its `api`.
public enum Endpoint: Hashable, Sendable {
    /// Top Stories v2 of a section.
    case topStories(Section)
    /// One page (10 documents) of Article Search v2 results.
    case articleSearch(SearchQuery, page: Int)
    /// A Most Popular v2 list.
    case mostPopular(MostPopularKind, MostPopularPeriod)
    /// The Times Newswire v3: the newest articles across the NYT.
    case newswire
    /// Every article of one month, from the Archive v1.
    case archive(ArchiveMonth)

    /// An NYT API. The NYT limits requests per API (about 5 a minute and 500 a day each), so the service
    /// keeps its rate-limit windows and its daily request counts per API, under the raw value.
    public enum API: String, Hashable, Sendable, CaseIterable {
        case topStories = "topstories"
        case articleSearch = "articlesearch"
        case mostPopular = "mostpopular"
        case newswire
        case archive
    }

    /// Articles asked of the Newswire at once (it serves up to 500).
    public static let newswireLimit = 100

    /// The endpoint a refresh of `feed` asks (for a search, its first page); nil for a feed the NYT does
    /// not serve (the saved articles).
    public init?(_ feed: Feed) {
        switch feed {
        case .topStories(let section): self = .topStories(section)
        case .search(let query): self = .articleSearch(query, page: 0)
        case .mostPopular(let kind, let period): self = .mostPopular(kind, period)
        case .latest: self = .newswire
        case .archive(let month): self = .archive(month)
        case .saved: return nil
        }
    }

    /// The API the endpoint belongs to.
    public var api: API {
        switch self {
        case .topStories: return .topStories
        case .articleSearch: return .articleSearch
        case .mostPopular: return .mostPopular
        case .newswire: return .newswire
        case .archive: return .archive
        }
    }

    /// The path under the API's base URL, e.g. `/svc/topstories/v2/world.json`.
    public var path: String {
        switch self {
        case .topStories(let section): return "/svc/topstories/v2/\(section.rawValue).json"
        case .articleSearch: return "/svc/search/v2/articlesearch.json"
        case .mostPopular(let kind, let period): return "/svc/mostpopular/v2/\(kind.rawValue)/\(period.rawValue).json"
        case .newswire: return "/svc/news/v3/content/all/all.json"
        case .archive(let month): return "/svc/archive/v1/\(month.year)/\(month.month).json"
        }
    }

    /// The query parameters, the key left out.
    var queryItems: [URLQueryItem] {
        switch self {
        case .articleSearch(let query, let page):
            var items = [URLQueryItem(name: "q", value: query.text), URLQueryItem(name: "sort", value: query.sort.rawValue)]
            if let begin = query.beginDate { items.append(URLQueryItem(name: "begin_date", value: begin)) }
            if let end = query.endDate { items.append(URLQueryItem(name: "end_date", value: end)) }
            items.append(URLQueryItem(name: "page", value: String(page)))
            return items
        case .newswire:
            return [URLQueryItem(name: "limit", value: String(Self.newswireLimit))]
        case .topStories, .mostPopular, .archive:
            return []
        }
    }

    /// How the answer holds its items, and the caps on its size.
    public var shape: ResponseShape {
        switch self {
        case .topStories, .newswire: return .stories
        case .articleSearch: return .search
        case .mostPopular: return .popular
        case .archive: return .archive
        }
    }

    /// The publication dates the items must carry (an archive month's); nil when any date goes.
    var span: Range<Date>? {
        guard case .archive(let month) = self else { return nil }
        return Self.span(of: month)
    }

    /// The dates a doc of `month` may carry: the month in some time zone, from 14 hours before its first
    /// midnight UTC (UTC+14) to 12 hours after its last (UTC−12). The NYT files a doc under the month of
    /// its New York day, and writes its date in UTC: a story of 11 pm on the last evening of a month
    /// carries the next month's date.
    static func span(of month: ArchiveMonth) -> Range<Date> {
        firstDay(of: month).addingTimeInterval(-14 * 3_600)..<firstDay(of: month.next).addingTimeInterval(12 * 3_600)
    }

    /// Midnight UTC of the first day of `month`.
    static func firstDay(of month: ArchiveMonth) -> Date {
        Date(timeIntervalSince1970: Double(CivilCalendar.days(year: month.year, month: month.month, day: 1)) * 86_400)
    }
}
