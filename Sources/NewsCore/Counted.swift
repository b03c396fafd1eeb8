/// `1 month`, `3 months`, `6,912 articles`, `2 indexes`: a count grouped by thousands and its noun, plural
/// (the noun and an s, unless given) unless one.
public struct Counted: CustomStringConvertible, Sendable {
    public let count: Int
    public let noun: String
    public let plural: String

    public init(_ count: Int, _ noun: String, _ plural: String? = nil) {
        self.count = count
        self.noun = noun
        self.plural = plural ?? noun + "s"
    }

    public var description: String { "\(GroupedCount(count)) \(count == 1 ? noun : plural)" }
}
