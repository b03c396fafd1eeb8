import FoundationEssentials
import JSONStream

/// Decoding that tolerates what the NYT actually sends: missing keys, `null`, `""` and wrong types
/// for optional fields turn into empty values instead of failing the whole response.
extension KeyedDecodingContainer {
    /// The string at `key`, or `""` when it is missing, `null` or not a string.
    func lenientString(_ key: Key) -> String {
        guard let value = try? decodeIfPresent(String.self, forKey: key) else { return "" }
        return value
    }

    /// The string at `key` when it is present and not blank.
    func nonEmptyString(_ key: Key) -> String? {
        let value = lenientString(key)
        return value.isEmpty ? nil : value
    }

    /// The date at `key` in either NYT form, or `nil`.
    func lenientDate(_ key: Key) -> Date? {
        nonEmptyString(key).flatMap(NYTDate.parse)
    }

    /// The date at `key`, a time without an offset read as New York's (`NYTDate.parseNewYork`), or `nil`.
    func lenientNewYorkDate(_ key: Key) -> Date? {
        nonEmptyString(key).flatMap(NYTDate.parseNewYork)
    }

    /// A value that may be absent, `null`, `""` or of another shape: `nil` in all those cases.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        guard let value = try? decodeIfPresent(T.self, forKey: key) else { return nil }
        return value
    }
}

/// An array element that decodes to `nil` instead of failing the array.
struct Lossy<Element: Decodable>: Decodable {
    let value: Element?

    init(from decoder: any Decoder) throws {
        value = try? Element(from: decoder)
    }
}

/// The same leniency for the models that read their JSON themselves (`JSONReadable`).
extension JSONNode {
    /// The text of a string, or `""` for `null` or a value of another kind.
    var lenientString: String {
        string ?? ""
    }

    /// The date of a string in either NYT form, or nil.
    var lenientDate: Date? {
        string.flatMap(NYTDate.parse)
    }

    /// The date of a string, a time without an offset read as New York's (`NYTDate.parseNewYork`), or nil.
    var lenientNewYorkDate: Date? {
        string.flatMap(NYTDate.parseNewYork)
    }
}
