/// The values bound to a statement's `?` parameters, in order.
public struct StatementArguments: ExpressibleByArrayLiteral, Sendable {
    public var values: [DatabaseValue]

    public init(_ values: some Sequence<some DatabaseValueConvertible>) {
        self.values = values.map(\.databaseValue)
    }

    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        values = elements.map { $0?.databaseValue ?? .null }
    }

    public var isEmpty: Bool { values.isEmpty }
}
