/// Any JSON value, decoded through whichever `Decoder` is given: what the JSON targets decode elements and
/// envelopes into, so every kind of container and scalar of the tape decoder is asked for.
indirect enum JSONValue: Decodable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    /// A number no `Double` holds (`1e400`).
    case outOfRange
    case string(String)
    case array([JSONValue])
    /// Members in the order the container lists its keys, each with the value the container gives for it.
    case object([String: JSONValue])

    /// Set when an object decoded since it was last cleared named a key twice (decoders differ on which
    /// value such a key has). Fuzzing runs one input at a time, on one thread.
    nonisolated(unsafe) static var sawRepeatedKey = false

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys {
                // The tape lists a key that is not UTF-8 repaired (U+FFFD), then does not find it by that
                // name; JSONDecoder refuses such a document whole. Left out here.
                guard object.contains(key) else { continue }
                if members[key.stringValue] != nil { Self.sawRepeatedKey = true }
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = array.count { elements.reserveCapacity(count) }
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            FuzzCheck.require(array.count == nil || array.count == elements.count, "an array's count differs from its elements")
            self = .array(elements)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? value.decode(Int64.self) {
                self = .integer(integer)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                do {
                    self = .string(try value.decode(String.self))
                } catch DecodingError.typeMismatch {
                    // Only a number too large for a Double is none of these.
                    self = .outOfRange
                }
            }
        }
    }

    /// How many elements the value holds when it is an array.
    var arrayCount: Int? {
        if case .array(let elements) = self { return elements.count }
        return nil
    }

    /// The value at `path` of keys from this object.
    func member(at path: [String]) -> JSONValue? {
        var value = self
        for key in path {
            guard case .object(let members) = value, let member = members[key] else { return nil }
            value = member
        }
        return value
    }
}
