/// What a person types to search the NYT, read into a `SearchQuery`: words plus the operators
/// `from:YYYY-MM-DD`, `to:YYYY-MM-DD` and `sort:newest|oldest|relevance` anywhere among them.
public enum SearchInput {
    /// Why typed input is not a search; `message` is one line to show as it is.
    public struct Problem: Error, Hashable, Sendable {
        public let message: String
    }

    /// The operators, as typed before the colon.
    static let operators = ["from", "to", "sort"]

    /// The query `input` describes, or the first thing wrong with it.
    /// - Parameter latestYear: the last year a date may name (`SearchDay.latestYear(at:)`).
    public static func parse(_ input: String, latestYear: Int) -> Result<SearchQuery, Problem> {
        var words: [Substring] = []
        var begin: SearchDay?
        var end: SearchDay?
        var sort = SearchSort.newest
        for token in input.split(whereSeparator: \.isWhitespace) {
            let name = token.firstIndex(of: ":").map { token[..<$0].lowercased() }
            guard let name, operators.contains(name) else {
                words.append(token)
                continue
            }
            let colon = token.firstIndex(of: ":")!
            let value = String(token[token.index(after: colon)...])
            switch name {
            case "sort":
                guard let order = SearchSort(rawValue: value.lowercased()) else {
                    return .failure(Problem(message: "sort: takes newest, oldest or relevance, not “\(value.prefix(20))”"))
                }
                sort = order
            default:
                guard let day = SearchDay(value, latestYear: latestYear) else {
                    return .failure(
                        Problem(
                            message:
                                "\(name): takes a day like 2024-01-31 (\(SearchDay.firstYear)–\(latestYear)), not “\(value.prefix(20))”"
                        ))
                }
                if name == "from" { begin = day } else { end = day }
            }
        }
        guard !words.isEmpty else {
            return .failure(Problem(message: "Type some words to search for (operators: from:, to:, sort:)"))
        }
        if let begin, let end, begin > end {
            return .failure(Problem(message: "from:\(begin) is after to:\(end)"))
        }
        return .success(
            SearchQuery(
                text: words.joined(separator: " "), beginDate: begin?.apiValue, endDate: end?.apiValue, sort: sort
            ))
    }
}
