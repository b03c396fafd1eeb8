import Foundation
import JSONStream
import TestSupport
import Testing

/// Decoding the elements of a streamed document in batches, against decoding the whole document at once.
@Suite("Decoding a streamed JSON array in batches")
struct StreamingArrayDecoderTests {
    /// An item with a title, or nil when it has none of the right type (as the NYT models are lenient).
    struct Titled: Decodable, Equatable {
        let title: String?

        init(title: String?) { self.title = title }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try? container.decodeIfPresent(String.self, forKey: .title)
        }

        enum CodingKeys: String, CodingKey { case title }
    }

    struct Envelope: Decodable, Equatable {
        let status: String
        let results: [Titled]
    }

    static func decode(_ document: Data, chunk: Int, batchBytes: Int) throws -> (batches: [[Titled]], envelope: Envelope) {
        var decoder = StreamingArrayDecoder<Titled>(path: ["results"], batchBytes: batchBytes)
        var batches: [[Titled]] = []
        try document.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunk)
                try decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { batches.append($0) }
                start = end
            }
        }
        let envelope = try decoder.finish(Envelope.self) { batches.append($0) }
        return (batches, envelope)
    }

    @Test("Top Stories fixtures: the same items as a whole-document decode, in batches bounded by size")
    func fixtures() throws {
        for name in ["topstories_home.json", "topstories_world.json"] {
            let document = try Fixtures.data(name)
            let whole = try JSONDecoder().decode(Envelope.self, from: document)
            let streamed = try Self.decode(document, chunk: 1_000, batchBytes: 4_096)
            #expect(streamed.batches.joined().map(\.self) == whole.results, "\(name)")
            #expect(streamed.batches.count > 2, "\(name): several batches")
            #expect(streamed.envelope.status == whole.status)
            #expect(streamed.envelope.results.isEmpty, "the envelope's array is emptied")
        }
    }

    @Test("Items of the wrong shape decode leniently; an item that is not JSON fails the document")
    func badItems() throws {
        let lenient = Data(#"{"status":"OK","results":[{"title":5},{"title":"ok"},{}]}"#.utf8)
        let decoded = try Self.decode(lenient, chunk: 3, batchBytes: 1)
        #expect(decoded.batches.joined().map(\.self) == [Titled(title: nil), Titled(title: "ok"), Titled(title: nil)])
        #expect(decoded.batches.count == 3, "a batch per item once the batch size is reached")

        let broken = Data(#"{"status":"OK","results":[{"title":"ok"},{"title":tru}]}"#.utf8)
        #expect(throws: StreamingArrayDecoder<Titled>.Failure.self) { _ = try Self.decode(broken, chunk: 7, batchBytes: 1 << 20) }
        let truncated = Data(#"{"status":"OK","results":[{"title":"ok"},{"tit"#.utf8)
        #expect(throws: StreamingArrayDecoder<Titled>.Failure.self) { _ = try Self.decode(truncated, chunk: 7, batchBytes: 1 << 20) }
        let wrongEnvelope = Data(#"{"results":[{"title":"ok"}]}"#.utf8)
        #expect(throws: StreamingArrayDecoder<Titled>.Failure.self) { _ = try Self.decode(wrongEnvelope, chunk: 7, batchBytes: 1 << 20) }
    }

    @Test("What the document holds at the path is told, for the caller to refuse a list that is not there")
    func valueAtPath() throws {
        struct Bare: Decodable {}
        for (text, expected) in [
            (#"{"status":"OK","results":[{"title":"a"}]}"#, JSONArraySplitter.PathValue.array),
            (#"{"status":"OK","results":[]}"#, .array),
            (#"{"status":"OK"}"#, .missing),
            (#"{"status":"OK","results":null}"#, .notArray),
        ] {
            var decoder = StreamingArrayDecoder<Titled>(path: ["results"])
            try Array(text.utf8).withUnsafeBytes { try decoder.feed($0) { _ in } }
            _ = try decoder.finish(Bare.self) { _ in }
            #expect(decoder.valueAtPath == expected, "\(text)")
        }
    }
}
