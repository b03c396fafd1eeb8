import FoundationEssentials

/// `GET /svc/topstories/v2/{section}.json` (and the Times Newswire, which answers in the same shape), around
/// its `results`.
struct TopStoriesResponse: ResponseEnvelope {
    typealias Item = TopStory

    let status: String
    let section: String
    let lastUpdated: Date?

    enum CodingKeys: String, CodingKey {
        case status
        case section
        case lastUpdated = "last_updated"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = container.lenientString(.status)
        section = container.lenientString(.section)
        lastUpdated = container.lenientDate(.lastUpdated)
    }
}

/// One item of a Top Stories response: the fields it shares with Most Popular items, and its own.
struct TopStory: ResponseItem {
    let fields: StoryFields
    let kicker: String
    let itemType: String
    let publishedDate: Date?
    let updatedDate: Date?
    let createdDate: Date?
    let multimedia: [NYTImage]

    enum CodingKeys: String, CodingKey {
        case kicker
        case itemType = "item_type"
        case publishedDate = "published_date"
        case updatedDate = "updated_date"
        case createdDate = "created_date"
        case multimedia
    }

    init(from decoder: any Decoder) throws {
        fields = try StoryFields(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kicker = container.lenientString(.kicker)
        itemType = container.lenientString(.itemType)
        publishedDate = container.lenientDate(.publishedDate)
        updatedDate = container.lenientDate(.updatedDate)
        createdDate = container.lenientDate(.createdDate)
        multimedia = (container.lenient([Lossy<NYTImage>].self, .multimedia) ?? []).compactMap(\.value)
    }
}
