import Foundation

/// `GET /svc/mostpopular/v2/{viewed|emailed|shared}/{1|7|30}.json`.
struct MostPopularResponse: Decodable {
    let status: String
    let results: [Lossy<MostPopularItem>]

    enum CodingKeys: String, CodingKey {
        case status
        case results
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = container.lenientString(.status)
        results = container.lenient([Lossy<MostPopularItem>].self, .results) ?? []
    }
}

/// One item of a Most Popular list. `published_date` is a day (`2026-11-19`), `updated` a local time
/// with a space (`2026-11-20 08:14:02`); images sit in `media[].media-metadata[]`.
struct MostPopularItem: Decodable {
    let uri: String
    let url: String
    let title: String
    let abstract: String
    let byline: String
    let section: String
    let subsection: String
    let type: String
    let publishedDate: Date?
    let updatedDate: Date?
    let images: [Image]

    enum CodingKeys: String, CodingKey {
        case uri
        case url
        case title
        case abstract
        case byline
        case section
        case subsection
        case type
        case publishedDate = "published_date"
        case updated
        case media
    }

    struct Media: Decodable {
        let metadata: [Lossy<Image>]

        enum CodingKeys: String, CodingKey {
            case metadata = "media-metadata"
        }

        init(from decoder: any Decoder) throws {
            metadata = try decoder.container(keyedBy: CodingKeys.self).lenient([Lossy<Image>].self, .metadata) ?? []
        }
    }

    struct Image: Decodable {
        let url: String
        let format: String

        enum CodingKeys: String, CodingKey {
            case url
            case format
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = container.lenientString(.url)
            format = container.lenientString(.format)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = container.lenientString(.uri)
        url = container.lenientString(.url)
        title = container.lenientString(.title)
        abstract = container.lenientString(.abstract)
        byline = container.lenientString(.byline)
        section = container.lenientString(.section)
        subsection = container.lenientString(.subsection)
        type = container.lenientString(.type)
        publishedDate = container.lenientDate(.publishedDate)
        updatedDate = container.lenientDate(.updated)
        let media = (container.lenient([Lossy<Media>].self, .media) ?? []).compactMap(\.value)
        images = media.flatMap { $0.metadata.compactMap(\.value) }.filter { !$0.url.isEmpty }
    }
}
