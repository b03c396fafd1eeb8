import Foundation
import TestSupport
import Testing

@testable import JSONStream

/// The tape decoder against Foundation's `JSONDecoder`: the same values from every fixture and from seeded
/// random documents, the same errors and coding paths, the same refusals of what is not JSON, and the
/// string and number edge cases.
@Suite("Decoding JSON documents from a parsed tape")
struct JSONTapeDecoderTests {
    /// Any JSON value, read through the `Decoder` API alone (keyed, unkeyed and single-value containers).
    enum Value: Decodable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Key.self) {
                var members: [String: Value] = [:]
                for key in object.allKeys { members[key.stringValue] = try object.decode(Value.self, forKey: key) }
                self = .object(members)
            } else if var array = try? decoder.unkeyedContainer() {
                var elements: [Value] = []
                while !array.isAtEnd { elements.append(try array.decode(Value.self)) }
                self = .array(elements)
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() {
                    self = .null
                } else if let bool = try? single.decode(Bool.self) {
                    self = .bool(bool)
                } else if let number = try? single.decode(Double.self) {
                    self = .number(number)
                } else {
                    self = .string(try single.decode(String.self))
                }
            }
        }
    }

    static func tape<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try data.withUnsafeBytes { try JSONTapeDecoder().decode(type, from: $0) }
    }

    static func foundation<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    @Test("Every NYT fixture decodes to the values JSONDecoder finds", arguments: Fixtures.names)
    func fixtures(name: String) throws {
        let data = try Fixtures.data(name)
        #expect(try Self.tape(Value.self, data) == Self.foundation(Value.self, data))
    }

    @Test("Seeded random documents decode as JSONDecoder decodes them; damaged ones never trap, and decode the same when both read them")
    func randomDocuments() throws {
        var random = SplitMix64(replaying: "NYTREADER_JSON_SEED")
        print("JSONTapeDecoderTests: seed \(random.seed) (NYTREADER_JSON_SEED replays)")
        let decoder = JSONTapeDecoder()  // one decoder for every document, as a stream uses it
        for round in 0..<500 {
            let document = Data(RandomJSON.value(depth: 0, using: &random).utf8)
            let decoded = try document.withUnsafeBytes { try decoder.decode(Value.self, from: $0) }
            #expect(decoded == (try Self.foundation(Value.self, document)), "seed \(random.seed) round \(round)")

            var damaged = [UInt8](document)
            for _ in 0..<2 where !damaged.isEmpty {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let ours = try? damaged.withUnsafeBytes { try decoder.decode(Value.self, from: $0) }
            if let ours, let theirs = try? Self.foundation(Value.self, Data(damaged)) {
                #expect(ours == theirs, "seed \(random.seed) round \(round), damaged")
            }
        }
    }

    @Test(
        "What is not JSON is refused as data corrupted, as JSONDecoder refuses it",
        arguments: [
            "", " ", "{", "[", "[1,,]", "{\"a\":1,,}", "{,}", "[,]", "[,1]", "{\"a\" 1}", "{\"a\":}", "{a:1}", "{'a':1}", "01", "-", "1.",
            ".5", "1e", "1e+", "+1", "tru", "nul", "falsey", "[1 2]", "\"abc", "\"a\\x\"", "\"\\u12\"", "\"\\u12g4\"",
            "\"tab\there\"", "[1]]", "{} {}", "[\"a\"", "NaN", "Infinity", "[1,2", "\u{FEFF}\u{FEFF}{}",
        ])
    func refusals(text: String) throws {
        let data = Data(text.utf8)
        #expect(throws: DecodingError.self) { try Self.foundation(Value.self, data) }
        do {
            _ = try Self.tape(Value.self, data)
            Issue.record("\(text.debugDescription) was accepted")
        } catch DecodingError.dataCorrupted {
        } catch {
            Issue.record("\(text.debugDescription): \(error)")
        }
    }

    @Test(
        "A comma after the last member or element, and a byte-order mark, are accepted as JSONDecoder accepts them",
        arguments: ["[1,]", "[1 , ]", "{\"a\":1,}", "{\"a\":[{},],\"b\":2 ,\n}", "\u{FEFF}{}", "\u{FEFF}[1]"])
    func leniency(text: String) throws {
        let data = Data(text.utf8)
        #expect(try Self.tape(Value.self, data) == Self.foundation(Value.self, data))
    }

    @Test("Nesting past the limit is refused")
    func depthLimit() throws {
        let deep = Data((String(repeating: "[", count: 65) + String(repeating: "]", count: 65)).utf8)
        let fits = Data((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8)
        #expect(throws: DecodingError.self) { try Self.tape(Value.self, deep) }
        #expect(try Self.tape(Value.self, fits) != .null)
    }

    @Test("Escapes, surrogate pairs, lone surrogates and invalid UTF-8")
    func strings() throws {
        let escaped = #""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00 plain \u6771""#
        #expect(try Self.tape(String.self, Data(escaped.utf8)) == "\"\\/\u{8}\u{C}\n\r\té😀 plain 東")
        #expect(try Self.tape(String.self, Data(escaped.utf8)) == Self.foundation(String.self, Data(escaped.utf8)))
        #expect(try Self.tape(String.self, Data(#""a\ud800b""#.utf8)) == "a\u{FFFD}b")
        #expect(try Self.tape(String.self, Data(#""\udc00\ud83d""#.utf8)) == "\u{FFFD}\u{FFFD}")
        #expect(try Self.tape(String.self, Data([0x22, 0x61, 0xFF, 0x62, 0x22])) == "a\u{FFFD}b")
        #expect(try Self.tape(String.self, Data(#""""#.utf8)) == "")
        // Every length around the eight-byte steps of the string scan, with the quote at each place.
        for length in 0..<40 {
            let text = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
            #expect(try Self.tape(String.self, Data("\"\(text)\"".utf8)) == text)
            #expect(try Self.tape([String].self, Data("[\"\(text)\\n\",\"\(text)\"]".utf8)) == [text + "\n", text])
        }
    }

    @Test("Numbers as every integer and floating-point type, in range or refused")
    func numbers() throws {
        #expect(try Self.tape(Int.self, Data("1e2".utf8)) == 100)
        #expect(try Self.tape(Int.self, Data("-0".utf8)) == 0)
        #expect(try Self.tape(Int64.self, Data("-9223372036854775808".utf8)) == .min)
        #expect(try Self.tape(UInt64.self, Data("18446744073709551615".utf8)) == .max)
        #expect(try Self.tape(UInt8.self, Data("255".utf8)) == 255)
        #expect(try Self.tape(Double.self, Data("-0.5e-3".utf8)) == -0.0005)
        #expect(try Self.tape(Float.self, Data("1.5".utf8)) == 1.5)
        // More digits than an Int holds, brought back into range by the exponent (found by fuzzing).
        for text in ["1000000000000000000000e-10", "100000000000000000000000.0E-12"] {
            #expect(try Self.tape(Int.self, Data(text.utf8)) == 100_000_000_000, "\(text)")
            #expect(try JSONDecoder().decode(Int.self, from: Data(text.utf8)) == 100_000_000_000, "\(text)")
        }
        #expect(try Self.tape(Int64.self, Data("-10000000000000000000000e-4".utf8)) == -1_000_000_000_000_000_000)
        for (text, decode) in [
            ("2.5", { try Self.tape(Int.self, $0) as Any }), ("256", { try Self.tape(UInt8.self, $0) as Any }),
            ("-1", { try Self.tape(UInt.self, $0) as Any }), ("9223372036854775808", { try Self.tape(Int.self, $0) as Any }),
            ("-9223372036854775809", { try Self.tape(Int.self, $0) as Any }),
            ("1000000000000000000000e-1", { try Self.tape(Int.self, $0) as Any }),
            ("1e400", { try Self.tape(Double.self, $0) as Any }), ("1e39", { try Self.tape(Float.self, $0) as Any }),
            ("\"1\"", { try Self.tape(Int.self, $0) as Any }), ("true", { try Self.tape(Double.self, $0) as Any }),
        ] as [(String, (Data) throws -> Any)] {
            #expect(throws: DecodingError.self, "\(text)") { try decode(Data(text.utf8)) }
        }
    }

    struct Outer: Decodable {
        let items: [Inner]
    }

    struct Inner: Decodable {
        let name: String
        let count: Int?
    }

    /// The kind of a decoding error and its coding path, to compare with JSONDecoder's.
    static func describe(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "decoded"
        } catch DecodingError.typeMismatch(_, let context) {
            return "typeMismatch " + context.codingPath.map(\.stringValue).joined(separator: ".")
        } catch DecodingError.valueNotFound(_, let context) {
            return "valueNotFound " + context.codingPath.map(\.stringValue).joined(separator: ".")
        } catch DecodingError.keyNotFound(let key, let context) {
            return "keyNotFound \(key.stringValue) at " + context.codingPath.map(\.stringValue).joined(separator: ".")
        } catch DecodingError.dataCorrupted {
            return "dataCorrupted"
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "Wrong types, nulls and missing keys throw JSONDecoder's errors with its coding paths",
        arguments: [
            #"{"items":[{"name":"a"},{"name":3}]}"#,
            #"{"items":[{"name":"a"},{"name":null}]}"#,
            #"{"items":[{"name":"a"},{"nom":"b"}]}"#,
            #"{"items":[{"name":"a","count":"x"}]}"#,
            #"{"items":[{"name":"a","count":null},{"name":"b"}]}"#,
            #"{"items":{"name":"a"}}"#,
            #"{"items":[1]}"#,
            #"{"things":[]}"#,
            #"[]"#,
        ])
    func errors(text: String) {
        let data = Data(text.utf8)
        let ours = Self.describe { try Self.tape(Outer.self, data) }
        #expect(ours == Self.describe { try Self.foundation(Outer.self, data) })
    }

    struct Tolerant: Decodable {
        let values: [String]

        init(from decoder: any Decoder) throws {
            var array = try decoder.unkeyedContainer()
            var values: [String] = []
            while !array.isAtEnd {
                if try array.decodeNil() {
                    values.append("nil")
                } else if let text = try? array.decode(String.self) {
                    values.append(text)
                } else {
                    values.append("skipped \(try array.decode(Int.self))")
                }
            }
            self.values = values
        }
    }

    @Test("An unkeyed container moves on only when a decode succeeds, and past null only through decodeNil")
    func unkeyed() throws {
        let data = Data(#"["a", null, 7, "b"]"#.utf8)
        #expect(try Self.tape(Tolerant.self, data).values == ["a", "nil", "skipped 7", "b"])
        #expect(try Self.tape(Tolerant.self, data).values == Self.foundation(Tolerant.self, data).values)
    }

    @Test("A repeated key gives its first value; keys with escapes are found by their text")
    func keys() throws {
        #expect(try Self.tape([String: Int].self, Data(#"{"a":1,"b\u0041":2}"#.utf8)) == ["a": 1, "bA": 2])
        #expect(try Self.tape(Inner.self, Data(#"{"n\u0061me":"x"}"#.utf8)).name == "x")
        #expect(try Self.tape(Inner.self, Data(#"{"name":"first","name":"second"}"#.utf8)).name == "first")
    }

    @Test("A malformed number is refused even as the value of a key written twice, which JSONDecoder never reads")
    func repeatedKeyMalformedNumber() throws {
        let data = Data(#"{"name":"first","name":1e401e4009}"#.utf8)
        #expect(try Self.foundation(Inner.self, data).name == "first")
        #expect(throws: DecodingError.self) { try Self.tape(Inner.self, data) }
    }

    @Test("The eight-byte string scan stops where a byte-by-byte scan does, from every start")
    func stringScan() {
        var random = SplitMix64(replaying: "NYTREADER_JSON_SEED")
        let alphabet: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x61]
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                Bool.random(using: &random) ? UInt8(ascii: "a") : alphabet.randomElement(using: &random)!
            }
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...buffer.count {
                    for control in [false, true] {
                        let expected = buffer[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || (control && $0 < 0x20) } ?? buffer.count
                        #expect(
                            JSONStringScan.plainEnd(buffer, from: start, stoppingAtControl: control) == expected, "\(bytes) from \(start)")
                    }
                }
            }
        }
    }
}
