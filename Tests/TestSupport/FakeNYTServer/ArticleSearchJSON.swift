import Foundation
import NewsCore

/// Article Search v2 response bodies made from articles, in today's shape (`response.docs`,
/// `response.metadata`), e.g. one page of a multi-page search for the fake server.
public enum ArticleSearchJSON {
    /// A `status: OK` page holding `articles` as documents, in order; `hits` is the total the NYT reports.
    public static func body(articles: [Article], hits: Int? = nil, offset: Int = 0) -> Data {
        let envelope = Envelope(
            status: "OK",
            copyright: FakeJSON.copyright,
            response: Response(
                docs: articles.map(Document.init), metadata: Metadata(hits: hits ?? articles.count, offset: offset, time: 21))
        )
        return FakeJSON.encode(envelope)
    }

    /// `2024-01-05T10:00:00+0000`: Article Search's form, in UTC without a colon in the offset.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        return formatter.string(from: date)
    }

    private struct Envelope: Encodable {
        let status: String
        let copyright: String
        let response: Response
    }

    private struct Response: Encodable {
        let docs: [Document]
        let metadata: Metadata
    }

    private struct Metadata: Encodable {
        let hits: Int
        let offset: Int
        let time: Int
    }

    private struct Document: Encodable {
        let id: String
        let uri: String
        let webURL: String
        let abstract: String
        let snippet: String
        let leadParagraph: String
        let headline: Headline
        let byline: Byline
        let pubDate: String
        let sectionName: String
        let documentType: String

        enum CodingKeys: String, CodingKey {
            case id = "_id"
            case uri, abstract, snippet, headline, byline
            case webURL = "web_url"
            case leadParagraph = "lead_paragraph"
            case pubDate = "pub_date"
            case sectionName = "section_name"
            case documentType = "document_type"
        }

        init(_ article: Article) {
            id = article.id.rawValue
            uri = article.id.rawValue
            webURL = article.url
            abstract = article.abstract
            snippet = article.abstract
            leadParagraph = article.leadParagraph
            headline = Headline(main: article.title, kicker: article.kicker)
            byline = Byline(original: article.byline)
            pubDate = ArticleSearchJSON.timestamp(article.publishedDate)
            sectionName = article.section
            documentType = "article"
        }
    }

    private struct Headline: Encodable {
        let main: String
        let kicker: String
    }

    private struct Byline: Encodable {
        let original: String
    }
}
