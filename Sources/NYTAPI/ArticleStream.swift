import FoundationEssentials
import JSONStream
import NewsCore

/// The items of one NYT answer mapped to articles as the body streams in: each batch of items is read by
/// the models' readers (`ResponseItem.read`), mapped, and dropped, so neither the body nor the list of
/// items is ever held whole. Items that cannot be read are skipped and counted; a repeated uri keeps its
/// first place; with a `span`, articles dated outside it are left out and counted apart.
///
/// The articles are kept until the caller takes them, or, with a sink, handed to it in batches as they
/// are complete (an archive month of thousands is never held whole).
///
/// Fed from the transport's thread, then finished by the caller once the transfer is over: `finish` is the
/// one place an answer's envelope is checked (its status, its list).
final class ArticleStream<Item: ResponseItem>: @unchecked Sendable {
    /// Takes a batch of articles, with the bytes of the body read so far; what it throws stops the transfer.
    typealias Sink = ([Article], Int) throws -> Void

    private let shape: ResponseShape
    private var decoder: StreamingArrayDecoder<Item?>
    private let map: (Item) -> Article?
    /// The articles not handed to the sink yet (all of them, without a sink).
    private(set) var articles: [Article] = []
    /// Takes each batch of `batchSize` articles as they are complete.
    private let sink: Sink?
    /// Bytes of the body read so far.
    private(set) var bytesReceived = 0
    /// The time the server gave with its answer (`Date`), once the answer is in.
    var serverDate: Date?
    private let batchSize: Int
    /// The publication dates an article must carry to be taken; nil for any.
    private let span: Range<Date>?
    /// Articles taken from the response so far, kept or handed to the sink.
    private(set) var takenCount = 0
    private var seen = Set<ArticleID>()
    /// Items in the response so far, readable or not.
    private(set) var itemCount = 0
    /// Items that could not be turned into articles (unreadable, placeholders, repeated uris, past the cap).
    private(set) var skippedCount = 0
    /// Articles dated outside `span`, left out.
    private(set) var outsideCount = 0
    /// Why feeding stopped, when it did.
    private var failure: StreamingArrayDecoder<Item?>.Failure?

    /// A stream of the items of an answer of `shape`, each mapped by `map`.
    /// - Parameter maximumArticles: the most taken (the shape's cap by default); items past it are skipped.
    init(
        _ shape: ResponseShape, maximumArticles: Int? = nil, span: Range<Date>? = nil, batchSize: Int = 500,
        sink: Sink? = nil, map: @escaping (Item) -> Article?
    ) {
        self.shape = shape
        decoder = StreamingArrayDecoder(path: shape.listPath) { Item.read($0) }
        self.maximumArticles = maximumArticles ?? shape.maximumArticles
        self.span = span
        self.batchSize = max(1, batchSize)
        self.sink = sink
        self.map = map
    }

    /// Feeds a piece of the body; throws (stopping the transfer) when the body cannot be read, or when the
    /// sink throws.
    func consume(_ chunk: UnsafeRawBufferPointer) throws {
        bytesReceived += chunk.count
        do {
            try decoder.feed(chunk) { take($0) }
        } catch let error as StreamingArrayDecoder<Item?>.Failure {
            failure = error
            throw error
        }
        if articles.count >= batchSize { try handOn() }
    }

    /// Gives the articles kept so far to the sink, when there is one.
    private func handOn() throws {
        guard let sink, !articles.isEmpty else { return }
        try sink(articles, bytesReceived)
        articles.removeAll(keepingCapacity: true)
    }

    /// The error for a transfer that `consume` stopped.
    var rejection: APIError {
        guard let failure else { return .malformed(reason: "the body could not be read") }
        return Self.apiError(failure)
    }

    /// Ends the body: decodes the envelope around the items and checks it. Its `status` must say `OK`
    /// (when the shape requires one; a status that is there must say it anyway); the list must be there
    /// and be an array (a missing list is a format error, not an empty list); a non-empty list must hold
    /// a readable item, and an empty one must not be said to hold any (`num_results`).
    func finish<Envelope: ResponseEnvelope>(_ envelope: Envelope.Type) throws(APIError) -> Envelope {
        let decoded: Envelope
        do {
            decoded = try decoder.finish(Envelope.self) { take($0) }
        } catch let error as StreamingArrayDecoder<Item?>.Failure {
            throw Self.apiError(error)
        } catch {
            throw .malformed(reason: "the body could not be read")
        }
        if decoded.status != "OK", shape.requiresStatus || !decoded.status.isEmpty {
            throw .apiStatus(decoded.status.isEmpty ? "missing" : decoded.status)
        }
        let list = shape.listPath.joined(separator: ".")
        switch decoder.valueAtPath {
        case .array: break
        case .missing: throw .malformed(reason: "no \(list) list")
        case .notArray: throw .malformed(reason: "\(list) is not a list")
        }
        if takenCount == 0 && itemCount > outsideCount {
            throw .malformed(reason: "none of the \(itemCount) items could be read")
        }
        // An empty list said to hold items is an answer cut or damaged on the way: taken as it is, it would
        // empty the feed.
        if itemCount == 0, let announced = decoded.announcedCount, announced > 0 {
            throw .malformed(reason: "the answer counts \(announced) results but lists none")
        }
        do {
            try handOn()
        } catch {
            throw .malformed(reason: "the articles could not be kept")
        }
        return decoded
    }

    /// Reads a whole body at once (the bundled snapshot, tests): the same path as a streamed one.
    func decode<Envelope: ResponseEnvelope>(_ body: Data, as envelope: Envelope.Type) throws(APIError) -> Envelope {
        do {
            try body.withUnsafeBytes { try consume($0) }
        } catch {
            throw rejection
        }
        return try finish(envelope)
    }

    /// The most articles taken from one response; items past it are counted as skipped.
    private let maximumArticles: Int

    /// Items past `maximumArticles`, left out.
    private(set) var overflowCount = 0

    private func take(_ batch: [Item?]) {
        itemCount += batch.count
        for item in batch {
            guard takenCount < maximumArticles else {
                overflowCount += 1
                skippedCount += 1
                continue
            }
            guard let article = item.flatMap(map) else {
                skippedCount += 1
                continue
            }
            if let span, !span.contains(article.publishedDate) {
                outsideCount += 1
                continue
            }
            guard seen.insert(article.id).inserted else {
                skippedCount += 1
                continue
            }
            articles.append(article)
            takenCount += 1
        }
    }

    private static func apiError(_ failure: StreamingArrayDecoder<Item?>.Failure) -> APIError {
        switch failure {
        case .split(.tooDeep(let limit)):
            return .malformed(reason: "JSON nested deeper than \(limit) levels")
        case .split(.elementTooLarge(let limit)):
            return .malformed(reason: "an item is larger than \(limit / 1_048_576) MB")
        case .split, .elements:
            return .malformed(reason: "not valid JSON")
        case .envelope(let error):
            return .malformed(reason: JSONTapeDecoder.reason(for: error))
        }
    }
}

extension ArticleStream {
    /// A stream of the items of an answer of `shape`, each an article dated `date` when it has no date.
    convenience init(
        _ shape: ResponseShape, undatedAs date: Date, span: Range<Date>? = nil, batchSize: Int = 500, sink: Sink? = nil
    ) {
        self.init(shape, span: span, batchSize: batchSize, sink: sink) { $0.article(undatedAs: date) }
    }
}
