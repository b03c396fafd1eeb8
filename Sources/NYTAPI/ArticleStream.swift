import FoundationEssentials
import JSONStream
import NewsCore

/// The items of one NYT response mapped to articles as the body streams in: each batch of items is decoded
/// through the Codable models, mapped, and dropped, so neither the body nor the list of items is ever held
/// whole. Items that cannot be read are skipped and counted; a repeated uri keeps its first place.
///
/// Fed from the transport's thread, then finished by the caller once the transfer is over.
final class ArticleStream<Item: Decodable>: @unchecked Sendable {
    private var decoder: StreamingArrayDecoder<Lossy<Item>>
    private let map: (Item) -> Article?
    private(set) var articles: [Article] = []
    private var seen = Set<ArticleID>()
    /// Items in the response so far, readable or not.
    private(set) var itemCount = 0
    /// Items that could not be turned into articles (unreadable, placeholders, repeated uris).
    private(set) var skippedCount = 0
    /// Why feeding stopped, when it did.
    private var failure: StreamingArrayDecoder<Lossy<Item>>.Failure?

    /// A stream of the items of the array at `path`, each mapped by `map`.
    init(path: [String], maximumArticles: Int = defaultMaximumArticles, map: @escaping (Item) -> Article?) {
        decoder = StreamingArrayDecoder(path: path)
        self.maximumArticles = maximumArticles
        self.map = map
    }

    /// Feeds a piece of the body; throws (stopping the transfer) when the body cannot be read.
    func consume(_ chunk: UnsafeRawBufferPointer) throws {
        do {
            try decoder.feed(chunk) { take($0) }
        } catch let error as StreamingArrayDecoder<Lossy<Item>>.Failure {
            failure = error
            throw error
        }
    }

    /// The error for a transfer that `consume` stopped.
    var rejection: APIError {
        guard let failure else { return .malformed(reason: "the body could not be read") }
        return Self.apiError(failure)
    }

    /// Ends the body: decodes the rest of the response around the items. A non-empty list with no
    /// readable item is a format error.
    func finish<Envelope: Decodable>(_ envelope: Envelope.Type) throws(APIError) -> Envelope {
        let decoded: Envelope
        do {
            decoded = try decoder.finish(Envelope.self) { take($0) }
        } catch let error as StreamingArrayDecoder<Lossy<Item>>.Failure {
            throw Self.apiError(error)
        } catch {
            throw .malformed(reason: "the body could not be read")
        }
        if articles.isEmpty && itemCount > 0 {
            throw .malformed(reason: "none of the \(itemCount) items could be read")
        }
        return decoded
    }

    /// Decodes a whole body at once (the bundled snapshot): the same path as a streamed one.
    func decode<Envelope: Decodable>(_ body: Data, as envelope: Envelope.Type) throws(APIError) -> Envelope {
        do {
            try body.withUnsafeBytes { try consume($0) }
        } catch {
            throw rejection
        }
        return try finish(envelope)
    }

    /// The most articles taken from one response by default; items past it are counted as skipped.
    static var defaultMaximumArticles: Int { 20_000 }
    private let maximumArticles: Int

    /// Items past `maximumArticles`, left out.
    private(set) var overflowCount = 0

    private func take(_ batch: [Lossy<Item>]) {
        itemCount += batch.count
        for item in batch {
            guard articles.count < maximumArticles else {
                overflowCount += 1
                skippedCount += 1
                continue
            }
            guard let article = item.value.flatMap(map), seen.insert(article.id).inserted else {
                skippedCount += 1
                continue
            }
            articles.append(article)
        }
    }

    private static func apiError(_ failure: StreamingArrayDecoder<Lossy<Item>>.Failure) -> APIError {
        switch failure {
        case .split(.tooDeep(let limit)):
            return .malformed(reason: "JSON nested deeper than \(limit) levels")
        case .split(.elementTooLarge(let limit)):
            return .malformed(reason: "an item is larger than \(limit / 1_048_576) MB")
        case .split, .elements:
            return .malformed(reason: "not valid JSON")
        case .envelope(let error):
            return .malformed(reason: NYTClient.describe(decodingError: error))
        }
    }
}
