/// `1 month`, `3 months`, `6,912 articles`: a count grouped by thousands and its noun, plural unless one.
public struct Counted: CustomStringConvertible, Sendable {
    public let count: Int
    public let noun: String

    public init(_ count: Int, _ noun: String) {
        self.count = count
        self.noun = noun
    }

    public var description: String { "\(GroupedCount(count)) \(noun)\(count == 1 ? "" : "s")" }
}
