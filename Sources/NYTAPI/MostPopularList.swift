import FoundationEssentials
import NewsCore

/// A Most Popular list: its articles in the NYT's order.
public struct MostPopularList: Sendable, Hashable {
    /// The readable items, as articles, most popular first.
    public var articles: [Article]
    /// When the list was fetched.
    public var fetchedDate: Date
    /// Items that could not be read.
    public var skippedCount: Int
    /// The time the server gave with the list (`Date`), when it did.
    public var serverDate: Date?

    /// A list of `articles` fetched at `fetchedDate`.
    public init(articles: [Article], fetchedDate: Date, skippedCount: Int, serverDate: Date? = nil) {
        self.serverDate = serverDate
        self.articles = articles
        self.fetchedDate = fetchedDate
        self.skippedCount = skippedCount
    }
}
