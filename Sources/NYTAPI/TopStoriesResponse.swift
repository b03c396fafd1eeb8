import Foundation

/// `GET /svc/topstories/v2/{section}.json`.
struct TopStoriesResponse: Decodable {
    let status: String
    let section: String
    let lastUpdated: Date?
    let results: [Lossy<TopStory>]

    enum CodingKeys: String, CodingKey {
        case status
        case section
        case lastUpdated = "last_updated"
        case results
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = container.lenientString(.status)
        section = container.lenientString(.section)
        lastUpdated = container.lenientDate(.lastUpdated)
        results = container.lenient([Lossy<TopStory>].self, .results) ?? []
    }
}

/// One item of a Top Stories response.
struct TopStory: Decodable {
    let uri: String
    let url: String
    let title: String
    let abstract: String
    let byline: String
    let kicker: String
    let section: String
    let subsection: String
    let itemType: String
    let publishedDate: Date?
    let updatedDate: Date?
    let createdDate: Date?
    let multimedia: [TopStoryMultimedia]

    enum CodingKeys: String, CodingKey {
        case uri
        case url
        case title
        case abstract
        case byline
        case kicker
        case section
        case subsection
        case itemType = "item_type"
        case publishedDate = "published_date"
        case updatedDate = "updated_date"
        case createdDate = "created_date"
        case multimedia
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = container.lenientString(.uri)
        url = container.lenientString(.url)
        title = container.lenientString(.title)
        abstract = container.lenientString(.abstract)
        byline = container.lenientString(.byline)
        kicker = container.lenientString(.kicker)
        section = container.lenientString(.section)
        subsection = container.lenientString(.subsection)
        itemType = container.lenientString(.itemType)
        publishedDate = container.lenientDate(.publishedDate)
        updatedDate = container.lenientDate(.updatedDate)
        createdDate = container.lenientDate(.createdDate)
        multimedia = (container.lenient([Lossy<TopStoryMultimedia>].self, .multimedia) ?? []).compactMap(\.value)
    }
}

/// An image attached to a Top Stories item.
struct TopStoryMultimedia: Decodable {
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
