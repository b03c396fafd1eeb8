import FoundationEssentials
import JSONStream

@testable import NYTAPI

/// The items of Top Stories, the Newswire and Most Popular are read by code of their own (`JSONReadable`),
/// not through `Decodable`. Each item of an input is also read through the Codable models they replaced,
/// kept here as the reference, and the two must agree: the same fields, or no item from either.
enum ItemReaders {
    /// The items of a Top Stories or Newswire body.
    static func checkTopStories(_ bytes: UnsafeRawBufferPointer) {
        check(bytes, path: ["results"], TopStory.self) { (reference: TopStoryReference) in reference.story }
    }

    /// The items of a Most Popular body.
    static func checkMostPopular(_ bytes: UnsafeRawBufferPointer) {
        check(bytes, path: ["results"], MostPopularItem.self) { (reference: MostPopularReference) in reference.item }
    }

    /// Compares the two readings of every element of the array at `path`; a body that is not JSON is the
    /// other checks' business.
    private static func check<Item: JSONReadable & Equatable, Reference: Decodable>(
        _ bytes: UnsafeRawBufferPointer, path: [String], _ item: Item.Type, reference: @escaping (Reference) -> Item
    ) {
        var decoder = StreamingArrayDecoder<Void>(path: path) { node in
            let read = Item(json: node)
            let expected = (try? node.decode(Reference.self)).map(reference)
            FuzzCheck.require(read == expected, "read \(String(describing: read)), Codable \(String(describing: expected))")
        }
        try? decoder.feed(bytes) { _ in }
        _ = try? decoder.finish(JSONValue.self) { _ in }
    }
}

/// A Top Stories item through `Decodable`, as it was read before.
struct TopStoryReference: Decodable {
    let story: TopStory

    enum CodingKeys: String, CodingKey {
        case kicker
        case itemType = "item_type"
        case publishedDate = "published_date"
        case updatedDate = "updated_date"
        case createdDate = "created_date"
        case multimedia
    }

    init(from decoder: any Decoder) throws {
        let fields = try StoryFieldsReference(from: decoder).fields
        let container = try decoder.container(keyedBy: CodingKeys.self)
        story = TopStory(
            fields: fields, kicker: container.lenientString(.kicker), itemType: container.lenientString(.itemType),
            publishedDate: container.lenientDate(.publishedDate), updatedDate: container.lenientDate(.updatedDate),
            createdDate: container.lenientDate(.createdDate),
            multimedia: (container.lenient([Lossy<ImageReference>].self, .multimedia) ?? []).compactMap(\.value?.image))
    }
}

/// A Most Popular item through `Decodable`, as it was read before.
struct MostPopularReference: Decodable {
    let item: MostPopularItem

    enum CodingKeys: String, CodingKey {
        case type
        case publishedDate = "published_date"
        case updated
        case media
    }

    struct Media: Decodable {
        let type: String
        let caption: String
        let copyright: String
        let metadata: [NYTImage]

        enum CodingKeys: String, CodingKey {
            case type
            case caption
            case copyright
            case metadata = "media-metadata"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = container.lenientString(.type)
            caption = container.lenientString(.caption)
            copyright = container.lenientString(.copyright)
            metadata = (container.lenient([Lossy<ImageReference>].self, .metadata) ?? []).compactMap(\.value?.image)
        }
    }

    init(from decoder: any Decoder) throws {
        let fields = try StoryFieldsReference(from: decoder).fields
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let media = (container.lenient([Lossy<Media>].self, .media) ?? []).compactMap(\.value)
        let picture = media.first { $0.type.isEmpty || $0.type == "image" }
        item = MostPopularItem(
            fields: fields, type: container.lenientString(.type), publishedDate: container.lenientDate(.publishedDate),
            updatedDate: container.lenientNewYorkDate(.updated), images: media.flatMap(\.metadata),
            photo: picture.flatMap { NYTImage.photo(in: $0.metadata, caption: $0.caption, credit: $0.copyright) })
    }
}

/// The fields Top Stories and Most Popular items share, through `Decodable`.
struct StoryFieldsReference: Decodable {
    let fields: StoryFields

    enum CodingKeys: String, CodingKey {
        case uri, url, title, abstract, byline, section, subsection
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fields = StoryFields(
            uri: container.lenientString(.uri), url: container.lenientString(.url), title: container.lenientString(.title),
            abstract: container.lenientString(.abstract), byline: container.lenientString(.byline),
            section: container.lenientString(.section), subsection: container.lenientString(.subsection))
    }
}

/// One crop of a picture, through `Decodable`.
struct ImageReference: Decodable {
    let image: NYTImage

    enum CodingKeys: String, CodingKey {
        case url, format, width, height, type, caption, copyright
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        image = NYTImage(
            url: container.lenientString(.url), format: container.lenientString(.format),
            width: container.lenient(Int.self, .width) ?? 0, height: container.lenient(Int.self, .height) ?? 0,
            type: container.lenientString(.type), caption: container.lenientString(.caption),
            copyright: container.lenientString(.copyright))
    }
}
