import FoundationEssentials
import JSONStream
import NewsCore

/// What an NYT answer holds around its list of items (the list itself is streamed past it, see
/// `ArticleStream`): decoded once the body has been read whole.
protocol ResponseEnvelope: Decodable {
    /// One item of the answer's list.
    associatedtype Item: ResponseItem
    /// The answer's `status` (`OK`), or "" when it has none.
    var status: String { get }
    /// How many items the answer says its list holds (`num_results`), when it says so as a number.
    var announcedCount: Int? { get }
}

extension ResponseEnvelope {
    /// No count of its own (Article Search and the Archive say theirs in `meta.hits`, checked apart).
    var announcedCount: Int? { nil }
}

/// One item of an NYT list, as the reader keeps it.
protocol ResponseItem: SendableMetatype {
    /// The item read from its JSON, or nil when the JSON is not of the item's shape.
    static func read(_ json: JSONNode) -> Self?

    /// The item as an article, dated `date` when it carries no date of its own; nil for what is no article
    /// (the NYT's placeholders, without a uri or a title).
    func article(undatedAs date: Date) -> Article?
}

extension ResponseItem where Self: Decodable {
    /// Through the item's `Decodable` conformance: nil for any error.
    static func read(_ json: JSONNode) -> Self? {
        try? json.decode(Self.self)
    }
}

extension ResponseItem where Self: JSONReadable {
    /// Through the item's own reader (Top Stories and the Newswire, the largest answers, and Most Popular).
    static func read(_ json: JSONNode) -> Self? {
        Self(json: json)
    }
}
