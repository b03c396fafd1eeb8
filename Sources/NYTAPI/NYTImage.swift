import FoundationEssentials
import NewsCore

/// One crop of a picture, as Top Stories lists them in `multimedia[]` and Most Popular in
/// `media[].media-metadata[]`: its absolute URL, the crop's name (`format`, e.g. `Large Thumbnail`), its
/// size, and (Top Stories only) the caption, the credit (`copyright`) and the kind (`type`: `image`).
struct NYTImage: Decodable {
    let url: String
    let format: String
    let width: Int
    let height: Int
    let type: String
    let caption: String
    let copyright: String

    enum CodingKeys: String, CodingKey {
        case url
        case format
        case width
        case height
        case type
        case caption
        case copyright
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = container.lenientString(.url)
        format = container.lenientString(.format)
        width = container.lenient(Int.self, .width) ?? 0
        height = container.lenient(Int.self, .height) ?? 0
        type = container.lenientString(.type)
        caption = container.lenientString(.caption)
        copyright = container.lenientString(.copyright)
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
