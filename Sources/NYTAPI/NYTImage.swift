import FoundationEssentials
import JSONStream
import NewsCore

/// One crop of a picture, as Top Stories lists them in `multimedia[]` and Most Popular in
/// `media[].media-metadata[]`: its absolute URL, the crop's name (`format`, e.g. `Large Thumbnail`), its
/// size, and (Top Stories only) the caption, the credit (`copyright`) and the kind (`type`: `image`).
struct NYTImage: JSONReadable, Equatable {
    var url = ""
    var format = ""
    var width = 0
    var height = 0
    var type = ""
    var caption = ""
    var copyright = ""

    private enum Key: String, CaseIterable, Sendable {
        case url
        case format
        case width
        case height
        case type
        case caption
        case copyright
    }

    private static let keys = JSONKeyTable<Key>()

    /// The crops of a list of them (`multimedia`, `media-metadata`): those that are objects; none when the
    /// value is not a list.
    static func list(_ json: JSONNode) -> [NYTImage] {
        json.compactMapElements(NYTImage.init(json:)) ?? []
    }

    /// The URL of the crop named `format` among `images`, else of the first image that has a URL.
    static func thumbnailURL(in images: [NYTImage], preferring format: String) -> String? {
        let usable = images.filter { !$0.url.isEmpty }
        return (usable.first { $0.format == format } ?? usable.first)?.url
    }

    /// The photo `images` are crops of (those of another kind than `image`, a video's, left out), with the
    /// caption and credit given, else those of the first crop that has them.
    static func photo(in images: [NYTImage], caption: String? = nil, credit: String? = nil) -> ArticlePhoto? {
        let pictures = images.filter { $0.type.isEmpty || $0.type == "image" }
        return ArticlePhoto.mapped(
            crops: pictures.map { PhotoCrop(url: $0.url, width: $0.width, height: $0.height) },
            caption: caption ?? pictures.first { !$0.caption.isEmpty }?.caption ?? "",
            credit: credit ?? pictures.first { !$0.copyright.isEmpty }?.copyright ?? "")
    }
}

extension ArticlePhoto {
    /// The photo from raw NYT text: caption and credit through `NetworkText`, crops whose address holds a
    /// control left out.
    static func mapped(crops: [PhotoCrop], caption: String, credit: String) -> ArticlePhoto? {
        ArticlePhoto(
            crops: crops.filter { !NetworkText.hasControl($0.url) },
            caption: NetworkText.line(caption), credit: NetworkText.line(credit))
    }
}

extension NYTImage {
    init?(json: JSONNode) {
        let isObject = json.forEachField(Self.keys) { key, value in
            switch key {
            case .url: url = value.lenientString
            case .format: format = value.lenientString
            case .width: width = value.integer() ?? 0
            case .height: height = value.integer() ?? 0
            case .type: type = value.lenientString
            case .caption: caption = value.lenientString
            case .copyright: copyright = value.lenientString
            }
        }
        guard isObject else { return nil }
    }
}
