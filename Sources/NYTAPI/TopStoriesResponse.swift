import FoundationEssentials
import JSONStream

/// `GET /svc/topstories/v2/{section}.json` (and the Times Newswire, which answers in the same shape), around
/// its `results`.
struct TopStoriesResponse: ResponseEnvelope {
    typealias Item = TopStory

    let status: String
    let section: String
    let lastUpdated: Date?
    let announcedCount: Int?

    enum CodingKeys: String, CodingKey {
        case status
        case section
        case lastUpdated = "last_updated"
        case announcedCount = "num_results"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = container.lenientString(.status)
        section = container.lenientString(.section)
        lastUpdated = container.lenientDate(.lastUpdated)
        announcedCount = container.lenient(Int.self, .announcedCount)
    }
}

/// One item of a Top Stories response: the fields it shares with Most Popular items, and its own.
struct TopStory: ResponseItem, JSONReadable, Equatable {
    let fields: StoryFields
    var kicker = ""
    var itemType = ""
    var publishedDate: Date?
    var updatedDate: Date?
    var createdDate: Date?
    var multimedia: [NYTImage] = []

    private enum Key: String, CaseIterable, Sendable {
        case kicker
        case itemType = "item_type"
        case publishedDate = "published_date"
        case updatedDate = "updated_date"
        case createdDate = "created_date"
        case multimedia
    }

    private static let keys = JSONKeyTable<Key>()
}

extension TopStory {
    init?(json: JSONNode) {
        guard let fields = StoryFields(json: json) else { return nil }
        self.fields = fields
        _ = json.forEachField(Self.keys) { key, value in
            switch key {
            case .kicker: kicker = value.lenientString
            case .itemType: itemType = value.lenientString
            case .publishedDate: publishedDate = value.lenientDate
            case .updatedDate: updatedDate = value.lenientDate
            case .createdDate: createdDate = value.lenientDate
            case .multimedia: multimedia = NYTImage.list(value)
            }
        }
    }
}
