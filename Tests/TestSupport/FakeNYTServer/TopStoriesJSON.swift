import Foundation
import NewsCore

/// Top Stories v2 response bodies made from articles, shaped like the NYT's (same envelope and field names
/// as `topstories_world.json`), e.g. a feed of 1,000 generated articles for the fake server.
public enum TopStoriesJSON {
    /// A `status: OK` response for `section` holding `articles` in order.
    public static func body(section: String, articles: [Article], lastUpdated: Date = Date(timeIntervalSince1970: 1_763_661_731)) -> Data {
        let envelope = Envelope(
            status: "OK",
            copyright: FakeJSON.copyright,
            section: section,
            lastUpdated: timestamp(lastUpdated),
            numResults: articles.count,
            results: articles.map(Item.init)
        )
        return FakeJSON.encode(envelope)
    }

    /// A body of `count` articles made by `ArticleFactory` (numbered 0 ..< count, newest first).
    public static func body(section: String, count: Int, lastUpdated: Date = Date(timeIntervalSince1970: 1_763_661_731)) -> Data {
        body(section: section, articles: (0..<count).map { ArticleFactory.article($0) }, lastUpdated: lastUpdated)
    }

    /// `2026-11-20T13:02:11-05:00`: the NYT's form, in New York time.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        formatter.formatOptions = [.withInternetDateTime, .withColonSeparatorInTimeZone]
        return formatter.string(from: date)
    }

    private struct Envelope: Encodable {
        let status: String
        let copyright: String
        let section: String
        let lastUpdated: String
        let numResults: Int
        let results: [Item]

        enum CodingKeys: String, CodingKey {
            case status, copyright, section, results
            case lastUpdated = "last_updated"
            case numResults = "num_results"
        }
    }

    private struct Item: Encodable {
        let section: String
        let subsection: String
        let title: String
        let abstract: String
        let url: String
        let uri: String
        let byline: String
        let itemType: String
        let updatedDate: String
        let createdDate: String
        let publishedDate: String
        let kicker: String
        let desFacet: [String]
        let multimedia: [Multimedia]?
        let shortURL: String

        enum CodingKeys: String, CodingKey {
            case section, subsection, title, abstract, url, uri, byline, kicker, multimedia
            case itemType = "item_type"
            case updatedDate = "updated_date"
            case createdDate = "created_date"
            case publishedDate = "published_date"
            case desFacet = "des_facet"
            case shortURL = "short_url"
        }

        init(_ article: Article) {
            section = article.section
            subsection = article.subsection
            title = article.title
            abstract = article.abstract
            url = article.url
            uri = article.id.rawValue
            byline = article.byline
            itemType = article.itemType.isEmpty ? "Article" : article.itemType
            updatedDate = TopStoriesJSON.timestamp(article.updatedDate ?? article.publishedDate)
            createdDate = TopStoriesJSON.timestamp(article.publishedDate)
            publishedDate = TopStoriesJSON.timestamp(article.publishedDate)
            kicker = article.kicker
            desFacet = []
            multimedia = article.thumbnailURL.map { [Multimedia(url: $0)] }
            shortURL = ""
        }
    }

    private struct Multimedia: Encodable {
        let url: String
        let format = "Large Thumbnail"
        let height = 150
        let width = 150
        let type = "image"
        let subtype = "photo"
        let caption = ""
        let copyright = ""
    }
}
