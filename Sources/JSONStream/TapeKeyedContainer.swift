/// The members of one object of a parsed document, by key. A key is found by comparing its bytes with
/// the object's member names in place; nothing is indexed or copied until a value is read.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoding: TapeDecoding
    /// The object's node.
    let object: Int
    /// How many keys of the decoder's path lead to the object.
    let depth: Int

    var codingPath: [any CodingKey] { decoding.path(upTo: depth) }

    var allKeys: [Key] {
        let nodes = decoding.tape.nodes
        var keys: [Key] = []
        var position = object + 1
        while position < Int(nodes[object].next) {
            if let key = Key(stringValue: decoding.tape.string(at: position)) { keys.append(key) }
            position = Int(nodes[position + 1].next)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { decoding.tape.member(key.stringValue, in: object) != nil }

    /// The node of the value at `key`, or `keyNotFound`.
    private func value(_ key: some CodingKey) throws -> Int {
        guard let position = decoding.tape.member(key.stringValue, in: object) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return position
    }

    /// The node of the value at `key` when there is one and it is not `null`: one lookup instead of the
    /// three (`contains`, `decodeNil`, `decode`) of the default `decodeIfPresent`.
    private func presentValue(_ key: Key) -> Int? {
        guard let position = decoding.tape.member(key.stringValue, in: object),
            decoding.tape.nodes[position].kind != .null
        else { return nil }
        return position
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoding.tape.nodes[try value(key)].kind == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoding.bool(at: value(key), key: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoding.string(at: value(key), key: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoding.floatingPoint(type, at: value(key), key: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoding.floatingPoint(type, at: value(key), key: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoding.integer(type, at: value(key), key: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoding.integer(type, at: value(key), key: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoding.value(type, at: value(key), key: key) }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let position = presentValue(key) else { return nil }
        return try decoding.string(at: position, key: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let position = presentValue(key) else { return nil }
        return try decoding.value(type, at: position, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try nestedDecoder(at: value(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nestedDecoder(at: value(key), key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = TapeSuperKey()
        return try nestedDecoder(at: value(key), key: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try nestedDecoder(at: value(key), key: key)
    }

    private func nestedDecoder(at position: Int, key: any CodingKey) -> TapeDecoding {
        decoding.nested(at: position, key: key, depth: depth)
    }
}

/// The key `super`, for `superDecoder()`.
struct TapeSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
