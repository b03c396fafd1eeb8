/// The values bound to a statement's `?` parameters, in order.
public struct StatementArguments: ExpressibleByArrayLiteral, Sendable {
    public var values: [DatabaseValue]

    /// The values as they are (the common case of a refresh's rows: no conversion, no copy).
    @inlinable
    public init(_ values: [DatabaseValue]) {
        self.values = values
    }

    @inlinable
    public init(_ values: some Sequence<some DatabaseValueConvertible>) {
        self.values = values.map(\.databaseValue)
    }

    @inlinable
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        values = elements.map { $0?.databaseValue ?? .null }
    }

    public var isEmpty: Bool { values.isEmpty }
}
