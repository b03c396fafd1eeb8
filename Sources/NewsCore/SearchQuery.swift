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

    /// `“climate” · 1 Jan – 31 Jan 2024 · oldest first`: the words, then the range and the order when given.
    public var summary: String {
        var parts = ["“\(text)”"]
        if let range = dateRangePhrase { parts.append(range) }
        if let order = sort.titleSuffix { parts.append(order) }
        return parts.joined(separator: " · ")
    }

    /// `1 Jan – 31 Jan 2024`, `1 Dec 2023 – 31 Jan 2024`, `from 1 Jan 2024`, `to 31 Jan 2024`; nil without dates.
    var dateRangePhrase: String? {
        let begin = beginDate.flatMap(Self.day(apiValue:))
        let end = endDate.flatMap(Self.day(apiValue:))
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

    private static func day(apiValue: String) -> SearchDay? {
        let bytes = Array(apiValue.utf8)
        guard bytes.count == 8 else { return nil }
        let text =
            String(decoding: bytes[0..<4], as: UTF8.self) + "-" + String(decoding: bytes[4..<6], as: UTF8.self)
            + "-" + String(decoding: bytes[6..<8], as: UTF8.self)
        return SearchDay(text, latestYear: 9_999)
    }
}

extension SearchDay {
    fileprivate static let monthAbbreviations = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `1 Jan`.
    fileprivate var dayAndMonth: String { "\(day) \(Self.monthAbbreviations[month - 1])" }
    /// `1 Jan 2024`.
    fileprivate var phrase: String { "\(dayAndMonth) \(year)" }
}
