import FoundationEssentials

/// `GET /svc/mostpopular/v2/{viewed|emailed|shared}/{1|7|30}.json`, around its `results`.
struct MostPopularResponse: ResponseEnvelope {
    typealias Item = MostPopularItem

    let status: String

    enum CodingKeys: String, CodingKey {
        case status
    }

    init(from decoder: any Decoder) throws {
        status = try decoder.container(keyedBy: CodingKeys.self).lenientString(.status)
    }
}

/// One item of a Most Popular list: the fields it shares with Top Stories items, and its own.
/// `published_date` is a day (`2026-11-19`), `updated` a local time with a space (`2026-11-20 08:14:02`);
/// images sit in `media[].media-metadata[]`.
struct MostPopularItem: ResponseItem {
    let fields: StoryFields
    let type: String
    let publishedDate: Date?
    let updatedDate: Date?
    let images: [NYTImage]

    enum CodingKeys: String, CodingKey {
        case type
        case publishedDate = "published_date"
        case updated
        case media
    }

    struct Media: Decodable {
        let metadata: [Lossy<NYTImage>]

        enum CodingKeys: String, CodingKey {
            case metadata = "media-metadata"
        }

        init(from decoder: any Decoder) throws {
            metadata = try decoder.container(keyedBy: CodingKeys.self).lenient([Lossy<NYTImage>].self, .metadata) ?? []
        }
    }

    init(from decoder: any Decoder) throws {
        fields = try StoryFields(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = container.lenientString(.type)
        publishedDate = container.lenientDate(.publishedDate)
        updatedDate = container.lenientDate(.updated)
        let media = (container.lenient([Lossy<Media>].self, .media) ?? []).compactMap(\.value)
        images = media.flatMap { $0.metadata.compactMap(\.value) }
    }
}
