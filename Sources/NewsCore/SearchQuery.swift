/// An Article Search request a person made: words and an optional date range (`YYYYMMDD`, as the API takes them).
public struct SearchQuery: Hashable, Sendable {
    public var text: String
    public var beginDate: String?
    public var endDate: String?

    public init(text: String, beginDate: String? = nil, endDate: String? = nil) {
        self.text = text
        self.beginDate = beginDate
        self.endDate = endDate
    }
}
