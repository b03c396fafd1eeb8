/// Decodes `Decodable` models from JSON documents held in memory, one after another (the elements of a
/// streamed array, then its envelope): a drop-in for `JSONDecoder.decode(_:from:)` with the same errors,
/// built for many small documents. Each document is parsed into a `JSONTape` (reused, so a long run of
/// elements allocates no parser storage), and models read their fields from it in place: a string is made
/// only when a model asks for its field, and members a model does not read cost one comparison of their
/// names.
///
/// Differences from `JSONDecoder`, all lenient: invalid UTF-8 and lone surrogates in strings become
/// U+FFFD instead of failing the document; a repeated key gives its first value. Not thread-safe: one
/// decoder per stream.
public final class JSONTapeDecoder {
    private let tape: JSONTape

    /// A decoder of documents nested at most `maximumDepth` levels deep.
    public init(maximumDepth: Int = 64) {
        tape = JSONTape(maximumDepth: maximumDepth)
    }

    /// Decodes one document. Syntax errors are `DecodingError.dataCorrupted`, as with `JSONDecoder`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try read(bytes) { try $0.decode(type) }
    }

    /// Parses one document and hands its root to `body`, which reads what it needs in place (the node is
    /// valid only during the call). Syntax errors are thrown as by `decode`.
    public func read<T>(_ bytes: UnsafeRawBufferPointer, _ body: (JSONNode) throws -> T) throws -> T {
        do {
            try tape.parse(bytes)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [], debugDescription: "The given data was not valid JSON: \(error.reason) at byte \(error.offset)."))
        }
        return try body(JSONNode(tape: tape, position: 0))
    }

    /// A short reason for an error `decode` threw, without the decoder's coding path: `not valid JSON`,
    /// `missing field results`, `unexpected JSON shape`.
    public static func reason(for error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            return "missing field \(key.stringValue)"
        case DecodingError.typeMismatch, DecodingError.valueNotFound:
            return "unexpected JSON shape"
        default:
            return "not valid JSON"
        }
    }
}
