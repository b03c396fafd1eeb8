import Foundation
import JSONStream
import TestSupport
import Testing

/// The splitter against the NYT fixtures, every chunk boundary of a small tricky document, truncation,
/// garbage, depth bombs, endless bodies and seeded random documents, each checked against Foundation's
/// parser reading the whole document at once.
@Suite("Splitting a streamed JSON document into the elements of one array")
struct JSONArraySplitterTests {
    /// The result of splitting `document` in chunks of the given sizes (cycled).
    struct Split {
        var elements: [Data] = []
        var envelope: Data = Data()
    }

    static func split(_ document: Data, path: [String], chunkSizes: [Int], limits: JSONArraySplitter.Limits = .init()) throws -> Split {
        var splitter = JSONArraySplitter(path: path, limits: limits)
        var result = Split()
        var start = 0
        var turn = 0
        try document.withUnsafeBytes { bytes in
            while start < bytes.count {
                let end = min(bytes.count, start + max(1, chunkSizes[turn % chunkSizes.count]))
                try splitter.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { element in
                    result.elements.append(Data(element))
                }
                start = end
                turn += 1
            }
        }
        result.envelope = Data(try splitter.finish())
        return result
    }

    /// Foundation's reading of `document`: the array at `path`, and the document with that array emptied.
    static func expected(_ document: Data, path: [String]) throws -> (elements: [NSObject], envelope: NSObject) {
        let root = try JSONSerialization.jsonObject(with: document, options: [.fragmentsAllowed])
        func descend(_ value: Any, _ keys: ArraySlice<String>) -> ([NSObject], Any) {
            guard let key = keys.first else {
                return ((value as? [Any] ?? []).map { $0 as! NSObject }, value is [Any] ? [Any]() : value)
            }
            guard var object = value as? [String: Any], let child = object[key] else { return ([], value) }
            let (elements, emptied) = descend(child, keys.dropFirst())
            object[key] = emptied
            return (elements, object)
        }
        let (elements, envelope) = descend(root, path[...])
        return (elements, envelope as! NSObject)
    }

    static func parse(_ data: Data) throws -> NSObject {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as! NSObject
    }

    static func expectSame(_ split: Split, as document: Data, path: [String], _ context: String) throws {
        let expected = try expected(document, path: path)
        let elements = try split.elements.map(parse)
        #expect(elements == expected.elements, "\(context): \(elements.count) elements, expected \(expected.elements.count)")
        #expect(
            try parse(split.envelope) == expected.envelope,
            "\(context): envelope \(String(decoding: split.envelope, as: UTF8.self).prefix(200))")
    }

    static func path(forFixture name: String) -> [String] {
        name.hasPrefix("articlesearch") ? ["response", "docs"] : ["results"]
    }

    // MARK: - Fixtures

    @Test("Every NYT fixture, whole and in chunks of 1, 7, 4,096 bytes and mixed sizes", arguments: Fixtures.names)
    func fixtures(name: String) throws {
        let document = try Fixtures.data(name)
        let path = Self.path(forFixture: name)
        for sizes in [[document.count], [1], [7], [4_096], [3, 1_000, 1, 64]] {
            try Self.expectSame(try Self.split(document, path: path, chunkSizes: sizes), as: document, path: path, "\(name) \(sizes)")
        }
        if path == ["results"], name.hasPrefix("topstories") {
            #expect(try Self.split(document, path: path, chunkSizes: [512]).elements.count > 5)
        }
    }

    // MARK: - Chunk boundaries

    /// Escapes, surrogate pairs, brackets and commas inside strings, nested values inside elements, scalars
    /// and empty containers as elements, a key equal to the path's inside an element, whitespace everywhere.
    static let tricky = Data(
        #"""
         { "status" : "OK\"]}" , "meta": {"results": [9]},
           "results" : [ {"title":"Caf\u00e9 \ud83d\ude00 \\\" ] } , [","nested":{"results":[1,2,{"a":[]}]},"e":"\\"} ,
            [ 1 , "two" , { } , [ ] ] , 42 , "plain \"string\"" , true , null , {"x":-1.5e+3} ] ,
           "after" : [ "not", "these" ], "copyright": "Copyright (c) \"NYT\"" }
        """#.utf8)

    @Test("A tricky document split in two at every byte, and fed byte by byte")
    func everyBoundary() throws {
        let path = ["results"]
        let whole = try Self.split(Self.tricky, path: path, chunkSizes: [Self.tricky.count])
        try Self.expectSame(whole, as: Self.tricky, path: path, "whole")
        #expect(whole.elements.count == 7)
        for cut in 1..<Self.tricky.count {
            let split = try Self.split(Self.tricky, path: path, chunkSizes: [cut, Self.tricky.count])
            #expect(split.elements == whole.elements, "cut at \(cut)")
            #expect(split.envelope == whole.envelope, "cut at \(cut)")
        }
        let bytewise = try Self.split(Self.tricky, path: path, chunkSizes: [1])
        #expect(bytewise.elements == whole.elements)
    }

    @Test("A nested path: response.docs, with a docs key elsewhere left alone")
    func nestedPath() throws {
        let document = Data(#"{"docs":[0],"response":{"meta":{"hits":3},"docs":[{"a":1},{"b":[2]}],"x":{"docs":[5]}},"status":"OK"}"#.utf8)
        let split = try Self.split(document, path: ["response", "docs"], chunkSizes: [5])
        #expect(split.elements.map { String(decoding: $0, as: UTF8.self) } == [#"{"a":1}"#, #"{"b":[2]}"#])
        #expect(
            String(decoding: split.envelope, as: UTF8.self)
                == #"{"docs":[0],"response":{"meta":{"hits":3},"docs":[],"x":{"docs":[5]}},"status":"OK"}"#)
    }

    @Test("An array that is not there: no elements, the whole document as the envelope")
    func missingArray() throws {
        let document = Data(#"{"status":"ERROR","errors":["bad"],"results":{"not":"an array"}}"#.utf8)
        let split = try Self.split(document, path: ["results"], chunkSizes: [3])
        #expect(split.elements.isEmpty)
        #expect(split.envelope == document)
    }

    @Test("A key written with escapes is the key: the same elements and envelope as Foundation reads, in any chunks")
    func escapedKeys() throws {
        for (text, path) in [
            (#"{"status":"OK","res\u0075lts":[{"a":1},{"b":[2]}],"n":2}"#, ["results"]),
            (#"{"\u0072\u0065\u0073\u0075\u006C\u0074\u0073":[3,4]}"#, ["results"]),
            (#"{"resp\u006fnse":{"meta":{"hits":2},"d\u006Fcs":[{"x":"y"},{"z":0}]}}"#, ["response", "docs"]),
            (#"{"a\"b":[0],"a\\b":[1],"a/b":[2]}"#, ["a/b"]),
            (#"{"a\/b":[5],"x":[6]}"#, ["a/b"]),
            (#"{"\ud83d\ude00":[7]}"#, ["😀"]),
        ] {
            let document = Data(text.utf8)
            for sizes in [[document.count], [1], [2, 5]] {
                let split = try Self.split(document, path: path, chunkSizes: sizes)
                try Self.expectSame(split, as: document, path: path, "\(text) \(sizes)")
                #expect(!split.elements.isEmpty, "\(text) \(sizes)")
            }
        }
    }

    @Test("Keys that only look like the path's, escaped or not, are not it")
    func lookalikeKeys() throws {
        for text in [
            #"{"result\u0073x":[1]}"#, #"{"results\u0000":[1]}"#, #"{"Results":[1]}"#, #"{"res\qults":[1]}"#,
            #"{"res\u00":[1]}"#, #"{"\u":[1]}"#, #"{"re\u0073ult":[1]}"#,
        ] {
            var splitter = JSONArraySplitter(path: ["results"])
            var elements = 0
            try Array(text.utf8).withUnsafeBytes { bytes in
                for index in bytes.indices {
                    try splitter.feed(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + 1)])) { _ in elements += 1 }
                }
            }
            _ = try splitter.finish()
            #expect(elements == 0, "\(text)")
            #expect(splitter.valueAtPath == .missing, "\(text)")
        }
    }

    @Test("What the document holds at the path: an array (empty or not), nothing, or another value")
    func valueAtPath() throws {
        let cases: [(String, [String], JSONArraySplitter.PathValue)] = [
            (#"{"status":"OK","results":[]}"#, ["results"], .array),
            (#"{"results":[1,2]}"#, ["results"], .array),
            (#"{"res\u0075lts":[]}"#, ["results"], .array),
            (#"{"status":"OK"}"#, ["results"], .missing),
            (#"{"status":"OK","meta":{"results":[1]},"items":[{"results":[2]}]}"#, ["results"], .missing),
            ("[1,2]", ["results"], .missing),
            ("{}", ["response", "docs"], .missing),
            (#"{"response":null}"#, ["response", "docs"], .missing),
            (#"{"response":[{"docs":[1]}]}"#, ["response", "docs"], .missing),
            (#"{"response":{"meta":{"hits":5}}}"#, ["response", "docs"], .missing),
            (#"{"results":null}"#, ["results"], .notArray),
            (#"{"results":{}}"#, ["results"], .notArray),
            (#"{"results":{"0":{"title":"x"}}}"#, ["results"], .notArray),
            (#"{"results":"[]"}"#, ["results"], .notArray),
            (#"{"results":5,"x":[1]}"#, ["results"], .notArray),
            (#"{"results" : true }"#, ["results"], .notArray),
            (#"{"response":{"docs":null,"meta":{"hits":5}}}"#, ["response", "docs"], .notArray),
            (#"{"response":{"docs":{},"meta":{"hits":5}}}"#, ["response", "docs"], .notArray),
            ("[]", [], .array),
            ("{}", [], .notArray),
        ]
        for (text, path, expected) in cases {
            for size in [text.utf8.count, 1, 3] {
                var splitter = JSONArraySplitter(path: path)
                try Array(text.utf8).withUnsafeBytes { bytes in
                    var start = 0
                    while start < bytes.count {
                        let end = min(bytes.count, start + size)
                        try splitter.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { _ in }
                        start = end
                    }
                }
                _ = try splitter.finish()
                #expect(splitter.valueAtPath == expected, "\(text) in chunks of \(size)")
            }
        }
    }

    @Test("A second value at the path (a repeated key) is malformed: the decoder would read one, the splitter another")
    func repeatedPathKey() throws {
        for text in [
            #"{"results":[1],"results":[2]}"#, #"{"results":null,"results":[1]}"#, #"{"results":[1],"res\u0075lts":{}}"#,
            #"{"response":{"docs":[]},"response":{"docs":[1]}}"#, #"{"response":{"docs":[],"docs":[1]}}"#,
        ] {
            let path = text.contains("response") ? ["response", "docs"] : ["results"]
            #expect(throws: JSONArraySplitter.Failure.self, "\(text)") {
                _ = try Self.split(Data(text.utf8), path: path, chunkSizes: [2])
            }
        }
    }

    // MARK: - Faults

    @Test("Every proper prefix of a document is truncated")
    func truncated() throws {
        for length in 0..<Self.tricky.count {
            let prefix = Self.tricky.prefix(length)
            // Only whitespace may follow the closing brace.
            if String(decoding: Self.tricky[length...], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { continue }
            #expect(throws: JSONArraySplitter.Failure.truncated, "prefix of \(length) bytes") {
                _ = try Self.split(prefix, path: ["results"], chunkSizes: [13])
            }
        }
    }

    @Test("Brackets that close what they did not open, and values after the document, are malformed")
    func malformed() throws {
        for text in [#"{"results":[1}]"#, #"{"results":[{"a":1]]}"#, "]", #"{"a":1}}"#, #"{"a":1} {"b":2}"#, #"{"results":[1]}["#] {
            #expect(throws: JSONArraySplitter.Failure.self, "\(text)") {
                _ = try Self.split(Data(text.utf8), path: ["results"], chunkSizes: [4])
            }
        }
    }

    @Test("Garbage that is not JSON structure passes through as the envelope, for the decoder to refuse")
    func garbage() throws {
        let html = Data("<html><body>Bad gateway</body></html>".utf8)
        let split = try Self.split(html, path: ["results"], chunkSizes: [5])
        #expect(split.elements.isEmpty)
        #expect(split.envelope == html)
        #expect((try? JSONSerialization.jsonObject(with: split.envelope, options: [.fragmentsAllowed])) == nil)
    }

    @Test("A depth bomb stops at the depth limit after reading about that many bytes")
    func depthBomb() throws {
        for opening in ["[", "{\"a\":"] {
            let bomb = Data((#"{"results":["# + String(repeating: opening, count: 1_000_000)).utf8)
            var fed = 0
            var splitter = JSONArraySplitter(path: ["results"], limits: .init(maximumDepth: 64))
            #expect(throws: JSONArraySplitter.Failure.tooDeep(limit: 64)) {
                try bomb.withUnsafeBytes { bytes in
                    var start = 0
                    while start < bytes.count {
                        let end = min(bytes.count, start + 4_096)
                        fed = end
                        try splitter.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { _ in }
                        start = end
                    }
                }
            }
            #expect(fed <= 4_096, "stopped in the first chunk")
        }
    }

    @Test("An endless element or envelope (100 MB, no end) stops at its cap, holding no more than the cap")
    func endless() throws {
        let limits = JSONArraySplitter.Limits(maximumElementBytes: 1 << 20, maximumEnvelopeBytes: 64 << 10)
        let filler = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
        for (head, failure) in [
            (#"{"results":[{"title":""#, JSONArraySplitter.Failure.elementTooLarge(limit: 1 << 20)),
            (#"{"copyright":""#, .envelopeTooLarge(limit: 64 << 10)),
        ] {
            var splitter = JSONArraySplitter(path: ["results"], limits: limits)
            var fed = 0
            #expect(throws: failure) {
                try Array(head.utf8).withUnsafeBytes { try splitter.feed($0) { _ in } }
                while fed < 100 << 20 {
                    try filler.withUnsafeBytes { try splitter.feed($0) { _ in } }
                    fed += filler.count
                }
            }
            #expect(fed <= 2 << 20, "\(head): stopped after \(fed) bytes")
        }
    }

    // MARK: - Random documents

    @Test("Seeded random documents in random chunks match Foundation's parse; random damage never traps")
    func randomDocuments() throws {
        var random = SplitMix64(replaying: "NYTREADER_JSON_SEED")
        print("JSONArraySplitterTests: seed \(random.seed) (NYTREADER_JSON_SEED replays)")
        for round in 0..<300 {
            let elements = (0..<Int.random(in: 0...6, using: &random)).map { _ in RandomJSON.value(depth: 0, using: &random) }
            let document =
                "{\"status\":\(RandomJSON.string(using: &random)),\"results\":[\(elements.joined(separator: ","))],\"n\":\(elements.count)}"
            let data = Data(document.utf8)
            let sizes = (0..<3).map { _ in Int.random(in: 1...40, using: &random) }
            try Self.expectSame(
                try Self.split(data, path: ["results"], chunkSizes: sizes), as: data, path: ["results"],
                "seed \(random.seed) round \(round)")

            var damaged = [UInt8](data)
            for _ in 0..<3 where !damaged.isEmpty {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            _ = try? Self.split(Data(damaged), path: ["results"], chunkSizes: sizes)
        }
    }
}

/// Random JSON text with the parts that matter to the splitter: escapes, surrogate pairs, brackets and
/// commas in strings, nesting.
enum RandomJSON {
    static let pieces = [
        "a", "é", "東", "😀", "\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\ude00", "]", "}", ",", "[", "{", ":", " ", "results",
    ]

    static func string(using random: inout SplitMix64) -> String {
        "\"" + (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() + "\""
    }

    static func value(depth: Int, using random: inout SplitMix64) -> String {
        switch Int.random(in: 0...(depth > 3 ? 3 : 5), using: &random) {
        case 0: return string(using: &random)
        case 1: return String(Int.random(in: -1_000...1_000, using: &random))
        case 2: return ["true", "false", "null", "-0.5e-3"].randomElement(using: &random)!
        case 3: return string(using: &random)
        case 4:
            let items = (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1, using: &random) }
            return " [ " + items.joined(separator: " , ") + " ] "
        default:
            let members = (0..<Int.random(in: 0...4, using: &random)).enumerated().map { index, _ in
                "\"k\(index)\(["", "results", "]"].randomElement(using: &random)!)\" : " + value(depth: depth + 1, using: &random)
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }
}
