import JSONStream

/// A document read the way a response body is: the elements of the array at a path, decoded one by one
/// while the bytes arrive in chunks, then the envelope around them.
struct StreamedJSON: Equatable {
    var elements: [JSONValue]
    var envelope: JSONValue

    /// Decodes `bytes` fed `chunkSize` bytes at a time (all at once for `nil`); the failure's description
    /// when the document is refused.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, path: [String], chunkSize: Int?, limits: JSONArraySplitter.Limits = .init()
    ) -> Result<StreamedJSON, Failure> {
        var decoder = StreamingArrayDecoder<JSONValue>(path: path, limits: limits, batchBytes: 64)
        var elements: [JSONValue] = []
        do {
            var start = 0
            repeat {
                let end = chunkSize.map { min(bytes.count, start + $0) } ?? bytes.count
                try decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { elements += $0 }
                start = end
            } while start < bytes.count
            let envelope = try decoder.finish(JSONValue.self) { elements += $0 }
            return .success(StreamedJSON(elements: elements, envelope: envelope))
        } catch {
            return .failure(Failure(description: String(describing: error)))
        }
    }

    /// Why a document was refused, as the decoder words it.
    struct Failure: Error, Equatable {
        let description: String
    }

    /// Checks that reading `bytes` in small chunks gives what reading them at once gives: the same elements
    /// and envelope, or the same failure. The chunk size follows the input's length, so the fuzzer moves
    /// the cuts by growing or shrinking an input.
    static func checkChunking(_ bytes: UnsafeRawBufferPointer, path: [String]) -> Result<StreamedJSON, Failure> {
        let whole = decode(bytes, path: path, chunkSize: nil)
        let chunkSize = 1 + bytes.count % 13
        let chunked = decode(bytes, path: path, chunkSize: chunkSize)
        FuzzCheck.require(whole == chunked, "\(chunkSize)-byte chunks give \(chunked), the whole body \(whole)")
        if case .success(let document) = whole, case .array(let left)? = document.envelope.member(at: path) {
            FuzzCheck.require(left.isEmpty, "the envelope still holds \(left.count) elements of its array")
        }
        return whole
    }
}
