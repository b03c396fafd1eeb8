/// An Article Search request a person made: words, an optional date range (`YYYYMMDD`, as the API takes
/// them) and an order.
public struct SearchQuery: Hashable, Sendable {
    public var text: String
    public var beginDate: String?
    public var endDate: String?
    public var sort: SearchSort

    public init(text: String, beginDate: String? = nil, endDate: String? = nil, sort: SearchSort = .newest) {
        self.text = text
        self.beginDate = beginDate
        self.endDate = endDate
        self.sort = sort
    }

    /// `“climate” · 1 Jan – 31 Jan 2024 · oldest first`: the words, then the range and the order when given;
    /// `from 1 Jan 2024` for dates alone.
    public var summary: String {
        var parts = text.isEmpty ? [] : ["“\(text)”"]
        if let range = dateRangePhrase { parts.append(range) }
        if let order = sort.titleSuffix { parts.append(order) }
        return parts.joined(separator: " · ")
    }

    /// `1 Jan – 31 Jan 2024`, `1 Dec 2023 – 31 Jan 2024`, `from 1 Jan 2024`, `to 31 Jan 2024`; nil without dates.
    var dateRangePhrase: String? {
        let begin = beginDate.flatMap(SearchDay.init(apiValue:))
        let end = endDate.flatMap(SearchDay.init(apiValue:))
        switch (begin, end) {
        case (let begin?, let end?):
            let first = begin.year == end.year ? begin.dayAndMonth : begin.phrase
            return "\(first) – \(end.phrase)"
        case (let begin?, nil):
            return "from \(begin.phrase)"
        case (nil, let end?):
            return "to \(end.phrase)"
        case (nil, nil):
            return nil
        }
    }
}

extension SearchDay {
    fileprivate static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `1 Jan`.
    fileprivate var dayAndMonth: String { "\(day) \(Self.monthAbbreviations[month - 1])" }
    /// `1 Jan 2024`.
    fileprivate var phrase: String { "\(dayAndMonth) \(year)" }
}
