import FoundationEssentials
import NewsCore

/// One page of Article Search results.
public struct SearchPage: Sendable, Hashable {
    /// Documents on a page that is not the last.
    public static let fullPageSize = 10

    /// The readable documents, as articles, in the order the NYT sent them.
    public var articles: [Article]
    /// Documents on the page, readable or not; fewer than 10 means it is the last page.
    public var documentCount: Int
    /// Total matches the NYT reports, when it does.
    public var hits: Int?
    /// Documents that could not be read.
    public var skippedCount: Int
    /// The time the server gave with the page (`Date`), when it did.
    public var serverDate: Date?

    public init(articles: [Article], documentCount: Int, hits: Int?, skippedCount: Int, serverDate: Date? = nil) {
        self.serverDate = serverDate
        self.articles = articles
        self.documentCount = documentCount
        self.hits = hits
        self.skippedCount = skippedCount
    }
}
