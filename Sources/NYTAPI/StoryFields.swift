import FoundationEssentials

/// The fields a Top Stories item and a Most Popular item share, under the same NYT names. Each item
/// decodes them from its own JSON object, beside the fields only it has.
struct StoryFields: Decodable {
    let uri: String
    let url: String
    let title: String
    let abstract: String
    let byline: String
    let section: String
    let subsection: String

    enum CodingKeys: String, CodingKey {
        case uri
        case url
        case title
        case abstract
        case byline
        case section
        case subsection
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
    }
}
