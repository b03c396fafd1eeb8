import FoundationEssentials
import JSONStream

/// Any bytes as one JSON document: the tape decoder must agree with Foundation's `JSONDecoder` on what is
/// JSON and on its value, apart from its documented leniencies (invalid UTF-8 and lone surrogates read as
/// U+FFFD, a repeated key's first value) and JSONDecoder's (a number's digits checked only when read, and
/// one value of a repeated key read), and the splitter must hand over the elements of an array
/// of a valid document exactly, in chunks of any size.
enum JSONValueTarget {
    static let target = FuzzTarget(name: "json") { bytes in
        JSONValue.sawRepeatedKey = false
        let tape = Result { try JSONTapeDecoder().decode(JSONValue.self, from: bytes) }
        let repeatedKey = JSONValue.sawRepeatedKey
        let foundation = Result { try JSONDecoder().decode(JSONValue.self, from: Data(bytes)) }
        switch (tape, foundation) {
        case (.success(let tapeValue), .success(let foundationValue)):
            // Numbers are compared as Doubles, a rounding step apart at most: an integer written with a
            // fraction or an exponent goes through a Double in the tape, where JSONDecoder reads its digits
            // (`11111111111111101.103` is 11111111111111102 in the tape, 11111111111111101 in JSONDecoder,
            // whose Double is 11111111111111100).
            FuzzCheck.require(
                tapeValue.numbersAsDoubles.agrees(with: foundationValue.numbersAsDoubles) || repeatedKey || mayBeLenient(bytes),
                "the tape reads \(tapeValue), JSONDecoder \(foundationValue)")
        case (.success(let value), .failure(let error)):
            FuzzCheck.require(mayBeLenient(bytes), "the tape reads \(value) where JSONDecoder fails: \(error)")
        case (.failure(let error), .success(let value)):
            // JSONDecoder checks a number's digits only when it is read (`03` passes until then), and of a
            // key written twice in an object it reads one value (`{"a":1,"a":1e401e4009}` passes).
            FuzzCheck.require(
                value.depth > 64 || bytes.contains(0) || value.holdsOutOfRange || hasRepeatedKey(bytes),
                "the tape fails (\(error)) where JSONDecoder reads \(value)")
        case (.failure, .failure):
            break
        }
        // A valid document streamed with the path to its member "a": that array's elements, in order,
        // whatever the chunks.
        guard case .success(.object(let members)) = tape, !repeatedKey else { return }
        let streamed = StreamedJSON.checkChunking(bytes, path: ["a"])
        guard case .success(let document) = streamed else {
            FuzzCheck.require(false, "the splitter refuses a valid document: \(streamed)")
            return
        }
        if case .array(let elements)? = members["a"] {
            FuzzCheck.require(document.elements == elements, "the splitter hands over \(document.elements), not \(elements)")
        } else {
            FuzzCheck.require(document.elements.isEmpty, "the splitter hands over elements of no array")
        }
    }

    /// Whether an object of the document has a key twice, as written (the document read as JSONDecoder
    /// read it: JSON but for numbers it never read, so strings, brackets and commas are where they seem).
    private static func hasRepeatedKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // The keys of each open container so far; nil for an array.
        var containers: [Set<[UInt8]>?] = []
        var expectingKey = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                containers.append([])
                expectingKey = true
            case UInt8(ascii: "["):
                containers.append(nil)
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = containers.popLast()
                expectingKey = false
            case UInt8(ascii: ","):
                expectingKey = containers.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                if expectingKey, case var keys?? = containers.last {
                    guard keys.insert(Array(bytes[(index + 1)..<min(end, bytes.count)])).inserted else { return true }
                    containers[containers.count - 1] = keys
                }
                expectingKey = false
                index = end
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// Whether the decoders may differ by design: bytes that are not UTF-8, a `\u` escape (a lone
    /// surrogate reads as U+FFFD where `JSONDecoder` fails), or a NUL byte (`JSONDecoder` then reads the
    /// document as UTF-16 or UTF-32; the tape reads UTF-8 only, as the NYT sends).
    private static func mayBeLenient(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if String(validating: bytes, as: UTF8.self) == nil || bytes.contains(0) { return true }
        return zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "\\") && $1 == UInt8(ascii: "u") }
    }
}

extension JSONValue {
    /// The value with every integer as a `Double`.
    var numbersAsDoubles: JSONValue {
        switch self {
        case .integer(let integer): return .number(Double(integer))
        case .array(let elements): return .array(elements.map(\.numbersAsDoubles))
        case .object(let members): return .object(members.mapValues(\.numbersAsDoubles))
        default: return self
        }
    }

    /// Whether the two values are the same, numbers within a rounding step of each other (the larger of
    /// their ulps).
    func agrees(with other: JSONValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return a == b || (a.isFinite && b.isFinite && abs(a - b) <= max(a.ulp, b.ulp))
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.agrees(with: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map(value.agrees) ?? false }
        default:
            return self == other
        }
    }

    /// Whether a number in the value could not be read.
    var holdsOutOfRange: Bool {
        switch self {
        case .outOfRange: return true
        case .array(let elements): return elements.contains { $0.holdsOutOfRange }
        case .object(let members): return members.values.contains { $0.holdsOutOfRange }
        default: return false
        }
    }

    /// How deep arrays and objects nest in the value (0 for a scalar).
    var depth: Int {
        switch self {
        case .array(let elements): return 1 + (elements.map(\.depth).max() ?? 0)
        case .object(let members): return 1 + (members.values.map(\.depth).max() ?? 0)
        default: return 0
        }
    }
}
