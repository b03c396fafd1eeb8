import FoundationEssentials
import NewsCore

/// What an NYT answer holds around its list of items (the list itself is streamed past it, see
/// `ArticleStream`): decoded once the body has been read whole.
protocol ResponseEnvelope: Decodable {
    /// One item of the answer's list.
    associatedtype Item: ResponseItem
    /// The answer's `status` (`OK`), or "" when it has none.
    var status: String { get }
}

/// One item of an NYT list, as the reader keeps it.
protocol ResponseItem: Decodable, SendableMetatype {
    /// The item as an article, dated `date` when it carries no date of its own; nil for what is no article
    /// (the NYT's placeholders, without a uri or a title).
    func article(undatedAs date: Date) -> Article?
}
