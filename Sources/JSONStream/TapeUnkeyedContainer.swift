/// The elements of one array of a parsed document, in order. As with `JSONDecoder`, a failed `decode`
/// leaves the container on the same element.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoding: TapeDecoding
    /// How many keys of the decoder's path lead to the array.
    let depth: Int
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var position: Int

    init(decoding: TapeDecoding, array: Int, depth: Int) {
        self.decoding = decoding
        self.depth = depth
        count = Int(decoding.tape.nodes[array].count)
        position = array + 1
    }

    var codingPath: [any CodingKey] { decoding.path(upTo: depth) }
    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    /// Decodes the current element with `read` and moves to the next one when it succeeds.
    private mutating func next<T>(_ type: T.Type, _ read: (TapeDecoding, Int, TapeIndexKey) throws -> T) throws -> T {
        try checkNotAtEnd(type)
        let value = try read(decoding, position, TapeIndexKey(currentIndex))
        moveToNext()
        return value
    }

    private func checkNotAtEnd(_ type: Any.Type) throws {
        guard isAtEnd else { return }
        throw DecodingError.valueNotFound(
            type,
            .init(
                codingPath: codingPath + [TapeIndexKey(currentIndex)],
                debugDescription: "Unkeyed container is at end."))
    }

    private mutating func moveToNext() {
        position = Int(decoding.tape.nodes[position].next)
        currentIndex += 1
    }

    /// Moves past the current element only when it is `null`.
    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Never?.self)
        guard decoding.tape.nodes[position].kind == .null else { return false }
        moveToNext()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.bool(at: $1, key: $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.string(at: $1, key: $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.floatingPoint(type, at: $1, key: $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.floatingPoint(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.integer(type, at: $1, key: $2) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.value(type, at: $1, key: $2) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { [depth] in try $0.nested(at: $1, key: $2, depth: depth).container(keyedBy: type)
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { [depth] in try $0.nested(at: $1, key: $2, depth: depth).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { [depth] in $0.nested(at: $1, key: $2, depth: depth) }
    }
}
