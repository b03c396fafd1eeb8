import NewsCore

/// Lists handed to SQLite's `json_each` as one argument: one statement for a list of any length instead
/// of one per value.
enum JSONList {
    /// Values looked up or written a list at a time, at most: the `?,?,…` lists of `FeedWriter` and the
    /// uris of one lookup.
    static let chunkSize = 500

    /// `values` in slices of at most `chunkSize`.
    static func chunks<Value>(of values: [Value]) -> [ArraySlice<Value>] {
        stride(from: 0, to: values.count, by: chunkSize).map { values[$0..<min($0 + chunkSize, values.count)] }
    }

    /// `ids` as a JSON array of numbers.
    static func of(_ ids: [Int64]) -> String {
        joined(ids, bytesEach: 8) { json, id in json += String(id) }
    }

    /// `texts` as a JSON array of strings.
    static func of(_ texts: some Collection<String>) -> String {
        joined(texts, bytesEach: 56) { json, text in
            json += "\""
            // Nearly every uri needs no escape: appended whole.
            if !text.containsUTF8Byte(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                json += text
            } else {
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\"": json += "\\\""
                    case "\\": json += "\\\\"
                    case "\u{0}"..."\u{1F}": json += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
                    default: json.unicodeScalars.append(scalar)
                    }
                }
            }
            json += "\""
        }
    }

    private static func joined<Items: Collection>(
        _ items: Items, bytesEach: Int, _ append: (inout String, Items.Element) -> Void
    ) -> String {
        var json = "["
        json.reserveCapacity(items.count * bytesEach + 2)
        for (index, item) in items.enumerated() {
            if index > 0 { json += "," }
            append(&json, item)
        }
        return json + "]"
    }
}
