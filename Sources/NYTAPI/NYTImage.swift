import FoundationEssentials

/// One crop of a picture, as Top Stories lists them in `multimedia[]` and Most Popular in
/// `media[].media-metadata[]`: its absolute URL and the crop's name (`format`, e.g. `Large Thumbnail`).
struct NYTImage: Decodable {
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

    /// The URL of the crop named `format` among `images`, else of the first image that has a URL.
    static func thumbnailURL(in images: [NYTImage], preferring format: String) -> String? {
        let usable = images.filter { !$0.url.isEmpty }
        return (usable.first { $0.format == format } ?? usable.first)?.url
    }
}
