import NewsCore

/// `1 month`, `3 months`, `6,912 articles`: a count grouped by thousands and its noun, plural unless one.
struct Counted: CustomStringConvertible {
    let count: Int
    let noun: String

    init(_ count: Int, _ noun: String) {
        self.count = count
        self.noun = noun
    }

    var description: String { "\(GroupedCount(count)) \(noun)\(count == 1 ? "" : "s")" }
}
