/// One SQLite value: what a column holds or a parameter is bound to.
public enum DatabaseValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var isNull: Bool { self == .null }
}

/// A Swift type stored as one SQLite value.
public protocol DatabaseValueConvertible {
    var databaseValue: DatabaseValue { get }
    /// The value `databaseValue` holds, or nil when it is NULL or of another kind.
    static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> DatabaseValue? { databaseValue }
}

extension Int64: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Int64? {
        switch databaseValue {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value.rounded(.towardZero))
        default: nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Int? {
        Int64.fromDatabaseValue(databaseValue).flatMap { Int(exactly: $0) }
    }
}

extension Int32: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Int32? {
        Int64.fromDatabaseValue(databaseValue).flatMap { Int32(exactly: $0) }
    }
}

extension Bool: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Bool? {
        Int64.fromDatabaseValue(databaseValue).map { $0 != 0 }
    }
}

extension Double: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Double? {
        switch databaseValue {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }
}

extension String: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> String? {
        switch databaseValue {
        case .text(let value): value
        case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .null: nil
        }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Wrapped?? {
        databaseValue.isNull ? .some(nil) : Wrapped.fromDatabaseValue(databaseValue).map { .some($0) }
    }
}
