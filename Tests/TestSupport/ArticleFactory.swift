import Foundation
import NewsCore

/// Articles for tests, numbered so their order is easy to check.
public enum ArticleFactory {
    /// Article number `index`: uri `nyt://article/test-<index>`, title `Article <index>`.
    public static func article(_ index: Int, title: String? = nil, published: Date = Date(timeIntervalSince1970: 1_763_600_000)) -> Article
    {
        Article(
            id: ArticleID("nyt://article/test-\(index)"),
            url: "https://www.nytimes.com/2026/11/20/test/article-\(index).html",
            title: title ?? "Article \(index)",
            byline: "By Test Writer",
            abstract: "Abstract of article \(index).",
            leadParagraph: "Lead paragraph of article \(index).",
            section: "World",
            publishedDate: published.addingTimeInterval(TimeInterval(-index * 60))
        )
    }

    /// A snapshot of `feed` holding articles `indices`, in that order.
    public static func snapshot(_ feed: Feed, _ indices: some Sequence<Int>, fetched: Date = Date(timeIntervalSince1970: 1_763_600_000))
        -> FeedSnapshot
    {
        FeedSnapshot(feed: feed, articles: indices.map { article($0) }, fetchedDate: fetched)
    }
}
