import FoundationEssentials
import JSONStream

/// The fields a Top Stories item and a Most Popular item share, under the same NYT names. Each item reads
/// them from its own JSON object, beside the fields only it has.
struct StoryFields: JSONReadable, Equatable {
    var uri = ""
    var url = ""
    var title = ""
    var abstract = ""
    var byline = ""
    var section = ""
    var subsection = ""

    private enum Key: String, CaseIterable, Sendable {
        case uri
        case url
        case title
        case abstract
        case byline
        case section
        case subsection
    }

    private static let keys = JSONKeyTable<Key>()
}

extension StoryFields {
    init?(json: JSONNode) {
        let isObject = json.forEachField(Self.keys) { key, value in
            switch key {
            case .uri: uri = value.lenientString
            case .url: url = value.lenientString
            case .title: title = value.lenientString
            case .abstract: abstract = value.lenientString
            case .byline: byline = value.lenientString
            case .section: section = value.lenientString
            case .subsection: subsection = value.lenientString
            }
        }
        guard isObject else { return nil }
    }
}
