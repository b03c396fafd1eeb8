/// A count written for people with its thousands grouped by commas: `2,314`, `1,000,000`.
public struct GroupedCount: CustomStringConvertible, Sendable {
    public let value: Int

    public init(_ value: Int) {
        self.value = value
    }

    public var description: String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
