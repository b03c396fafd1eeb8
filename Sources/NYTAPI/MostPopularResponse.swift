import FoundationEssentials

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

/// One item of a Most Popular list: the fields it shares with Top Stories items, and its own.
/// `published_date` is a day (`2026-11-19`), `updated` a local time with a space (`2026-11-20 08:14:02`);
/// images sit in `media[].media-metadata[]`.
struct MostPopularItem: Decodable {
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
