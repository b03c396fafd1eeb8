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

    /// A list of `articles` fetched at `fetchedDate`.
    public init(articles: [Article], fetchedDate: Date, skippedCount: Int) {
        self.articles = articles
        self.fetchedDate = fetchedDate
        self.skippedCount = skippedCount
    }
}
