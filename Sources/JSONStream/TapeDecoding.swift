/// The `Decoder` a model's `init(from:)` reads a parsed document through. One instance serves a whole
/// document: decoding a nested value moves `current` to that value's node and back, instead of making a
/// decoder per value. Also the single-value container of the current node.
///
/// Errors are the standard `DecodingError`s with their coding paths, as `JSONDecoder` throws them, so the
/// models' lenient decoding (`try?` around a field, `Lossy` elements) works the same way.
final class TapeDecoding: Decoder, SingleValueDecodingContainer {
    let tape: JSONTape
    /// The node being decoded.
    @exclusivity(unchecked) var current: Int
    /// The keys from the root to `current`.
    @exclusivity(unchecked) var path: [any CodingKey]

    init(tape: JSONTape, current: Int = 0, path: [any CodingKey] = []) {
        self.tape = tape
        self.current = current
        self.path = path
    }

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.nodes[current].kind == .object else { throw mismatch([String: Any].self, at: current) }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoding: self, object: current, depth: path.count))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.nodes[current].kind == .array else { throw mismatch([Any].self, at: current) }
        return TapeUnkeyedContainer(decoding: self, array: current, depth: path.count)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - Values at a node, for this and the other containers

    /// Decodes the value at `position` as a `T`, with `key` added to the path meanwhile.
    func value<T: Decodable>(_ type: T.Type, at position: Int, key: any CodingKey) throws -> T {
        let saved = current
        current = position
        path.append(key)
        defer {
            current = saved
            path.removeLast()
        }
        return try T(from: self)
    }

    func string(at position: Int, key: (any CodingKey)? = nil) throws -> String {
        guard tape.nodes[position].kind == .string else { throw mismatch(String.self, at: position, key: key) }
        return tape.string(at: position)
    }

    func bool(at position: Int, key: (any CodingKey)? = nil) throws -> Bool {
        switch tape.nodes[position].kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: position, key: key)
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type, at position: Int, key: (any CodingKey)? = nil) throws -> T {
        guard tape.nodes[position].kind == .number else { throw mismatch(T.self, at: position, key: key) }
        guard let value = tape.integer(at: position, as: T.self) else { throw unrepresentable(T.self, at: position, key: key) }
        return value
    }

    func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, at position: Int, key: (any CodingKey)? = nil) throws -> T {
        guard tape.nodes[position].kind == .number, let value = tape.floatingPoint(at: position) else {
            throw mismatch(T.self, at: position, key: key)
        }
        let converted = T(value)
        guard converted.isFinite else { throw unrepresentable(T.self, at: position, key: key) }
        return converted
    }

    /// The error for a node of the wrong kind: `valueNotFound` for `null`, else `typeMismatch`.
    func mismatch(_ type: Any.Type, at position: Int, key: (any CodingKey)? = nil) -> DecodingError {
        let context = { (description: String) in
            DecodingError.Context(codingPath: self.path + (key.map { [$0] } ?? []), debugDescription: description)
        }
        let kind = tape.nodes[position].kind
        if kind == .null { return .valueNotFound(type, context("Expected \(type) value but found null instead.")) }
        return .typeMismatch(type, context("Expected to decode \(type) but found \(kind.noun) instead."))
    }

    /// The error for a number that does not fit in `type`.
    private func unrepresentable(_ type: Any.Type, at position: Int, key: (any CodingKey)?) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: path + (key.map { [$0] } ?? []),
                debugDescription: "Number \(tape.string(ofNumberAt: position)) does not fit in \(type)."))
    }

    // MARK: - For the containers

    /// The first `depth` keys of the path: a container's own coding path.
    func path(upTo depth: Int) -> [any CodingKey] {
        Array(path.prefix(depth))
    }

    /// A decoder of its own for the value at `position`, under `key` of a container `depth` keys deep, for a
    /// container asked of it that may outlive the call.
    func nested(at position: Int, key: any CodingKey, depth: Int) -> TapeDecoding {
        TapeDecoding(tape: tape, current: position, path: path(upTo: depth) + [key])
    }

    // MARK: - SingleValueDecodingContainer

    func decodeNil() -> Bool { tape.nodes[current].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try bool(at: current) }
    func decode(_ type: String.Type) throws -> String { try string(at: current) }
    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type, at: current) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type, at: current) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type, at: current) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type, at: current) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type, at: current) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type, at: current) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type, at: current) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type, at: current) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type, at: current) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type, at: current) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type, at: current) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type, at: current) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

extension JSONTape.Kind {
    /// How an error message names a value of this kind.
    var noun: String {
        switch self {
        case .object: return "a dictionary"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .true, .false: return "a bool"
        case .null: return "null"
        }
    }
}

/// The key of an element of an array in a coding path (`Index 3`).
struct TapeIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
