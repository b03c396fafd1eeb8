import FoundationEssentials
import JSONStream
import NewsCore

/// `GET /svc/mostpopular/v2/{viewed|emailed|shared}/{1|7|30}.json`, around its `results`.
struct MostPopularResponse: ResponseEnvelope {
    typealias Item = MostPopularItem

    let status: String
    let announcedCount: Int?

    enum CodingKeys: String, CodingKey {
        case status
        case announcedCount = "num_results"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = container.lenientString(.status)
        announcedCount = container.lenient(Int.self, .announcedCount)
    }
}

/// One item of a Most Popular list: the fields it shares with Top Stories items, and its own.
/// `published_date` is a day (`2026-11-19`), `updated` New York's time with a space (`2026-11-20 08:14:02`);
/// images sit in `media[].media-metadata[]`.
struct MostPopularItem: ResponseItem, JSONReadable, Equatable {
    let fields: StoryFields
    var type = ""
    var publishedDate: Date?
    var updatedDate: Date?
    var images: [NYTImage] = []
    var photo: ArticlePhoto?

    private enum Key: String, CaseIterable, Sendable {
        case type
        case publishedDate = "published_date"
        case updated
        case media
    }

    private static let keys = JSONKeyTable<Key>()

    /// One entry of `media[]`: a picture (or a video's stills) and its crops.
    struct Media: JSONReadable {
        var type = ""
        var caption = ""
        var copyright = ""
        var metadata: [NYTImage] = []

        private enum Key: String, CaseIterable, Sendable {
            case type
            case caption
            case copyright
            case metadata = "media-metadata"
        }

        private static let keys = JSONKeyTable<Key>()

        init?(json: JSONNode) {
            let isObject = json.forEachField(Self.keys) { key, value in
                switch key {
                case .type: type = value.lenientString
                case .caption: caption = value.lenientString
                case .copyright: copyright = value.lenientString
                case .metadata: metadata = NYTImage.list(value)
                }
            }
            guard isObject else { return nil }
        }
    }
}

extension MostPopularItem {
    init?(json: JSONNode) {
        guard let fields = StoryFields(json: json) else { return nil }
        self.fields = fields
        var media: [Media] = []
        _ = json.forEachField(Self.keys) { key, value in
            switch key {
            case .type: type = value.lenientString
            case .publishedDate: publishedDate = value.lenientDate
            case .updated: updatedDate = value.lenientNewYorkDate
            case .media: media = value.compactMapElements(Media.init(json:)) ?? []
            }
        }
        images = media.flatMap(\.metadata)
        let picture = media.first { $0.type.isEmpty || $0.type == "image" }
        photo = picture.flatMap { NYTImage.photo(in: $0.metadata, caption: $0.caption, credit: $0.copyright) }
    }
}
