import FoundationEssentials

/// `GET /svc/search/v2/articlesearch.json`, in both the pre-2025 shape (`response.meta`, multimedia arrays
/// of relative URLs) and today's (`response.metadata`, a multimedia object), around its `response.docs`;
/// also the Archive API's answer, which has the same shape without a status.
struct ArticleSearchResponse: ResponseEnvelope {
    typealias Item = SearchDocument

    let status: String
    /// The count of matches (or of the month's articles) the NYT reports: nil when it says none, or a
    /// negative number; cut to `maximumHits`.
    let hits: Int?

    enum CodingKeys: String, CodingKey {
        case status
        case response
    }

    enum ResponseKeys: String, CodingKey {
        case meta
        case metadata
    }

    struct Metadata: Decodable {
        let hits: Int?
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = container.lenientString(.status)
        guard let response = try? container.nestedContainer(keyedBy: ResponseKeys.self, forKey: .response) else {
            hits = nil
            return
        }
        let reported = (response.lenient(Metadata.self, .metadata) ?? response.lenient(Metadata.self, .meta))?.hits
        hits = reported.flatMap { $0 < 0 ? nil : min($0, Self.maximumHits) }
    }

    /// The most matches a response may claim (the NYT has about 15 million articles); a count from the
    /// server is cut to this before anything shows or pages by it.
    static let maximumHits = 100_000_000
}

/// One document of an Article Search response.
struct SearchDocument: ResponseItem {
    let uri: String
    let webURL: String
    let headline: String
    let kicker: String
    let byline: String
    let abstract: String
    let snippet: String
    let leadParagraph: String
    let section: String
    let subsection: String
    let documentType: String
    let publishedDate: Date?
    let thumbnailURL: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case uri
        case webURL = "web_url"
        case headline
        case byline
        case abstract
        case snippet
        case leadParagraph = "lead_paragraph"
        case sectionName = "section_name"
        case subsectionName = "subsection_name"
        case documentType = "document_type"
        case publishedDate = "pub_date"
        case multimedia
    }

    struct Headline: Decodable {
        let main: String
        let kicker: String

        enum CodingKeys: String, CodingKey {
            case main
            case kicker
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            main = container.lenientString(.main)
            kicker = container.lenientString(.kicker)
        }
    }

    struct Byline: Decodable {
        let original: String

        enum CodingKeys: String, CodingKey {
            case original
        }

        init(from decoder: any Decoder) throws {
            original = try decoder.container(keyedBy: CodingKeys.self).lenientString(.original)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = container.nonEmptyString(.uri) ?? container.lenientString(.id)
        webURL = container.lenientString(.webURL)
        let headline = container.lenient(Headline.self, .headline)
        self.headline = headline?.main ?? ""
        kicker = headline?.kicker ?? ""
        byline = container.lenient(Byline.self, .byline)?.original ?? ""
        abstract = container.lenientString(.abstract)
        snippet = container.lenientString(.snippet)
        leadParagraph = container.lenientString(.leadParagraph)
        section = container.lenientString(.sectionName)
        subsection = container.lenientString(.subsectionName)
        documentType = container.lenientString(.documentType)
        publishedDate = container.lenientDate(.publishedDate)
        thumbnailURL = SearchMultimedia.thumbnail(in: container, forKey: .multimedia)
    }
}

/// The two shapes of `multimedia` in Article Search.
enum SearchMultimedia {
    /// Today's object: `{caption, credit, default: {url}, thumbnail: {url}}` (empty URLs when there is no image).
    struct Current: Decodable {
        let defaultImage: Image?
        let thumbnail: Image?

        enum CodingKeys: String, CodingKey {
            case defaultImage = "default"
            case thumbnail
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            defaultImage = container.lenient(Image.self, .defaultImage)
            thumbnail = container.lenient(Image.self, .thumbnail)
        }
    }

    /// The pre-2025 array item: a URL relative to `https://www.nytimes.com/`.
    struct LegacyItem: Decodable {
        let url: String
        let subtype: String

        enum CodingKeys: String, CodingKey {
            case url
            case subtype
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = container.lenientString(.url)
            subtype = container.lenientString(.subtype)
        }
    }

    struct Image: Decodable {
        let url: String

        enum CodingKeys: String, CodingKey {
            case url
        }

        init(from decoder: any Decoder) throws {
            url = try decoder.container(keyedBy: CodingKeys.self).lenientString(.url)
        }
    }

    static let legacyBase = "https://www.nytimes.com/"

    static func thumbnail<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key) -> String? {
        if let current = container.lenient(Current.self, key) {
            let url = [current.thumbnail?.url, current.defaultImage?.url].compactMap { $0 }.first { !$0.isEmpty }
            return url
        }
        if let items = container.lenient([Lossy<LegacyItem>].self, key)?.compactMap(\.value) {
            let images = items.filter { !$0.url.isEmpty }
            guard let item = images.first(where: { $0.subtype == "thumbLarge" }) ?? images.first else { return nil }
            return item.url.hasPrefix("http") ? item.url : legacyBase + item.url
        }
        return nil
    }
}
