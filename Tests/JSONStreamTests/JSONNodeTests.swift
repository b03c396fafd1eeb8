import Foundation
import JSONStream
import Testing

/// Models that read their JSON themselves: the members a key table names, read in one pass.
@Suite("Reading a document in place: JSONNode and JSONKeyTable")
struct JSONNodeTests {
    enum Key: String, CaseIterable, Sendable {
        case title
        case itemType = "item_type"
        case publishedDate = "published_date"
        case width
        case crops
    }

    static let keys = JSONKeyTable<Key>()

    /// The fields of `json` as the table reads them, each as text: a string's text, a whole number's
    /// digits, `list n` for an array of n elements, `other` for anything else.
    static func fields(_ json: String) throws -> [String: String]? {
        let decoder = JSONTapeDecoder()
        var bytes = Array(json.utf8)
        return try bytes.withUnsafeMutableBytes { bytes in
            try decoder.read(UnsafeRawBufferPointer(bytes)) { node in
                var fields: [String: String] = [:]
                let isObject = node.forEachField(keys) { key, value in
                    fields[key.rawValue] =
                        value.string ?? value.integer().map(String.init)
                        ?? value.compactMapElements { $0 }.map { "list \($0.count)" } ?? "other"
                }
                return isObject ? fields : nil
            }
        }
    }

    @Test("Members named in the table are found wherever they stand, the others passed over")
    func namedMembers() throws {
        let fields = try Self.fields(
            #"{"abstract":"a","item_type":"Article","title":"T","extra":{"title":"inner"},"published_date":"2024-05-01"}"#)
        #expect(fields == ["item_type": "Article", "title": "T", "published_date": "2024-05-01"])
    }

    @Test("A name written with escapes is the name; a name written twice gives its first value")
    func escapedAndRepeated() throws {
        let fields = try Self.fields(#"{"t\u0069tle":"first","title":"second","item\u005Ftype":"x","item_type":"y"}"#)
        #expect(fields == ["title": "first", "item_type": "x"])
    }

    @Test("Numbers are whole numbers as JSONDecoder reads them: 1e2 and 3.0 are, 2.5 and 1e400 are not")
    func wholeNumbers() throws {
        #expect(try Self.fields(#"{"width":1e2}"#) == ["width": "100"])
        #expect(try Self.fields(#"{"width":3.0}"#) == ["width": "3"])
        #expect(try Self.fields(#"{"width":2.5}"#) == ["width": "other"])
        #expect(try Self.fields(#"{"width":1e400}"#) == ["width": "other"])
        #expect(try Self.fields(#"{"width":"300"}"#) == ["width": "300"], "a string's text, not a number")
        #expect(try Self.fields(#"{"width":null}"#) == ["width": "other"])
    }

    @Test("An array's elements are read in order; a value that is not an array or an object says so")
    func shapes() throws {
        #expect(try Self.fields(#"{"crops":[1,"a",{},[],null]}"#) == ["crops": "list 5"])
        #expect(try Self.fields(#"{"crops":{"0":1}}"#) == ["crops": "other"])
        #expect(try Self.fields(#"[{"title":"T"}]"#) == nil)
        #expect(try Self.fields(#""title""#) == nil)
        #expect(try Self.fields("{}") == [:])
    }

    @Test("A document that is not JSON is refused as JSONDecoder refuses it")
    func syntax() {
        #expect(throws: DecodingError.self) { try Self.fields(#"{"title":"T""#) }
    }
}
