import FoundationEssentials
import NewsCore

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
struct SearchDocument: ResponseItem, Decodable {
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
    let photo: ArticlePhoto?

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
        (thumbnailURL, photo) = SearchMultimedia.read(in: container, forKey: .multimedia)
    }
}

/// The two shapes of `multimedia` in Article Search.
enum SearchMultimedia {
    /// Today's object: `{caption, credit, default: {url, height, width}, thumbnail: {…}}` (empty URLs when
    /// there is no image).
    struct Current: Decodable {
        let caption: String
        let credit: String
        let defaultImage: Image?
        let thumbnail: Image?

        enum CodingKeys: String, CodingKey {
            case caption
            case credit
            case defaultImage = "default"
            case thumbnail
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            caption = container.lenientString(.caption)
            credit = container.lenientString(.credit)
            defaultImage = container.lenient(Image.self, .defaultImage)
            thumbnail = container.lenient(Image.self, .thumbnail)
        }
    }

    /// The pre-2025 array item: a URL relative to the NYT's hosts, with its size and crop.
    struct LegacyItem: Decodable {
        let url: String
        let subtype: String
        let type: String
        let width: Int
        let height: Int
        let caption: String
        let credit: String

        enum CodingKeys: String, CodingKey {
            case url
            case subtype
            case type
            case width
            case height
            case caption
            case credit
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = container.lenientString(.url)
            subtype = container.lenientString(.subtype)
            type = container.lenientString(.type)
            width = container.lenient(Int.self, .width) ?? 0
            height = container.lenient(Int.self, .height) ?? 0
            caption = container.lenientString(.caption)
            credit = container.lenientString(.credit)
        }

        /// The item's address made absolute against `base`.
        func absoluteURL(base: String) -> String {
            url.hasPrefix("http") ? url : base + url
        }
    }

    struct Image: Decodable {
        let url: String
        let width: Int
        let height: Int

        enum CodingKeys: String, CodingKey {
            case url
            case width
            case height
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = container.lenientString(.url)
            width = container.lenient(Int.self, .width) ?? 0
            height = container.lenient(Int.self, .height) ?? 0
        }

        var crop: PhotoCrop { PhotoCrop(url: url, width: width, height: height) }
    }

    /// Where the thumbnails' relative addresses were resolved before pictures were shown.
    static let legacyBase = "https://www.nytimes.com/"
    /// Where the pictures' relative addresses are served: the NYT's image host.
    static let legacyImageBase = "https://static01.nyt.com/"

    /// The thumbnail's address and the photo of a document's `multimedia`, in either shape.
    static func read<Key: CodingKey>(
        in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) -> (thumbnailURL: String?, photo: ArticlePhoto?) {
        if let current = container.lenient(Current.self, key) {
            let url = [current.thumbnail?.url, current.defaultImage?.url].compactMap { $0 }.first { !$0.isEmpty }
            let photo = ArticlePhoto.mapped(
                crops: [current.defaultImage, current.thumbnail].compactMap { $0?.crop },
                caption: current.caption, credit: current.credit)
            return (url, photo)
        }
        if let items = container.lenient([Lossy<LegacyItem>].self, key)?.compactMap(\.value) {
            let images = items.filter { !$0.url.isEmpty && ($0.type.isEmpty || $0.type == "image") }
            let thumbnail = images.first(where: { $0.subtype == "thumbLarge" }) ?? images.first
            let photo = ArticlePhoto.mapped(
                crops: images.map { PhotoCrop(url: $0.absoluteURL(base: legacyImageBase), width: $0.width, height: $0.height) },
                caption: images.first { !$0.caption.isEmpty }?.caption ?? "",
                credit: images.first { !$0.credit.isEmpty }?.credit ?? "")
            return (thumbnail?.absoluteURL(base: legacyBase), photo)
        }
        return (nil, nil)
    }
}
