/// Decodes the elements of one array of a streamed JSON document as they arrive, each as soon as it is
/// complete (parsed by `JSONTapeDecoder` from the splitter's bytes in place, then read by the element's
/// reader: its `Decodable` conformance, or code of its own over the `JSONNode`), and the rest of the
/// document (the envelope, its array emptied) at the end.
///
/// Decoded elements go to `onBatch` in batches of at most `batchBytes` bytes of JSON, each batch before the
/// next is read, so memory is bounded by a batch, whatever the size of the document. `Element` is usually
/// lenient (e.g. decoding to `nil` when an item has the wrong shape); an element that is not JSON at all
/// fails the document.
public struct StreamingArrayDecoder<Element> {
    /// Why a document cannot be decoded.
    public enum Failure: Error, CustomStringConvertible {
        /// The splitter refused the document (truncated, too deep, too large…).
        case split(JSONArraySplitter.Failure)
        /// A batch of elements is not JSON (the decoder's error).
        case elements(any Error)
        /// The envelope is not JSON of the expected shape (the decoder's error).
        case envelope(any Error)

        public var description: String {
            switch self {
            case .split(let failure): return failure.description
            case .elements(let error): return "an item of the response is not JSON (\(JSONTapeDecoder.reason(for: error)))"
            case .envelope(let error): return "the response is not the expected JSON (\(JSONTapeDecoder.reason(for: error)))"
            }
        }
    }

    private var splitter: JSONArraySplitter
    private let batchBytes: Int
    private var batch: [Element] = []
    /// Bytes of JSON the elements of `batch` were decoded from.
    private var batchByteCount = 0
    private let decoder: JSONTapeDecoder
    /// Reads one element from its parsed document.
    private let read: (JSONNode) throws -> Element

    /// What the document holds at the path, as far as it has been read: a document without the array
    /// there decodes to no element and its envelope, so the caller must check this.
    public var valueAtPath: JSONArraySplitter.PathValue { splitter.valueAtPath }

    /// A decoder for the array at `path` (keys from the root object), each element read by `read` (what
    /// it throws fails the document, as `Failure.elements`).
    public init(
        path: [String], limits: JSONArraySplitter.Limits = .init(), batchBytes: Int = 256 << 10,
        read: @escaping (JSONNode) throws -> Element
    ) {
        splitter = JSONArraySplitter(path: path, limits: limits)
        self.batchBytes = batchBytes
        decoder = JSONTapeDecoder(maximumDepth: limits.maximumDepth)
        self.read = read
    }

    /// Feeds the next chunk of the body; `onBatch` gets the elements of each batch that fills.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, onBatch: ([Element]) throws -> Void) throws {
        do {
            try splitter.feed(chunk) { element in
                do {
                    batch.append(try decoder.read(element, read))
                } catch {
                    throw Failure.elements(error)
                }
                batchByteCount += element.count
            }
        } catch let failure as JSONArraySplitter.Failure {
            throw Failure.split(failure)
        }
        if batchByteCount >= batchBytes { try flush(onBatch) }
    }

    /// Ends the document: hands over the last batch, then decodes and returns the envelope.
    public mutating func finish<Envelope: Decodable>(_ envelope: Envelope.Type, onBatch: ([Element]) throws -> Void) throws -> Envelope {
        let rest: [UInt8]
        do {
            rest = try splitter.finish()
        } catch let failure as JSONArraySplitter.Failure {
            throw Failure.split(failure)
        }
        try flush(onBatch)
        do {
            return try rest.withUnsafeBytes { try decoder.decode(Envelope.self, from: $0) }
        } catch {
            throw Failure.envelope(error)
        }
    }

    private mutating func flush(_ onBatch: ([Element]) throws -> Void) throws {
        guard !batch.isEmpty else { return }
        let elements = batch
        batch = []
        batchByteCount = 0
        try onBatch(elements)
    }
}

extension StreamingArrayDecoder where Element: Decodable {
    /// A decoder for the array at `path` whose elements are read through their `Decodable` conformance.
    public init(path: [String], limits: JSONArraySplitter.Limits = .init(), batchBytes: Int = 256 << 10) {
        self.init(path: path, limits: limits, batchBytes: batchBytes) { try $0.decode(Element.self) }
    }
}
