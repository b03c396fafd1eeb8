/// An article's lead photo as the NYT describes it: the same picture in several crops and sizes (Top
/// Stories lists `Super Jumbo` 2048×1365, `threeByTwoSmallAt2X` 600×400, `Large Thumbnail` 150×150), with
/// its caption and credit. Addresses only: the pictures themselves are fetched when shown.
public struct ArticlePhoto: Hashable, Sendable {
    /// The crops, each with a size; never empty.
    public private(set) var crops: [PhotoCrop]
    /// One line under the picture (may be empty).
    public var caption: String
    /// Who took it (may be empty).
    public var credit: String

    /// Crops kept at most (the NYT lists three to a dozen).
    public static let maximumCrops = 8

    /// The photo with `crops` (those without an address or a size left out, then the first
    /// `maximumCrops`); nil when none is left.
    public init?(crops: [PhotoCrop], caption: String = "", credit: String = "") {
        let usable = crops.filter(\.isUsable).prefix(Self.maximumCrops)
        guard !usable.isEmpty else { return nil }
        self.crops = Array(usable)
        self.caption = caption
        self.credit = credit
    }

    /// The crop to fetch for a picture needing `width` × `height` pixels: the smallest that covers both,
    /// else the largest there is.
    public func crop(covering width: Int, _ height: Int) -> PhotoCrop {
        let covering = crops.filter { $0.width >= width && $0.height >= height }
        if let smallest = covering.min(by: { $0.area < $1.area }) { return smallest }
        return crops.max { $0.area < $1.area }!
    }

    /// The caption and the credit on one line: `caption · credit`, or the one there is.
    public var captionLine: String {
        [caption, credit].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}

/// One crop of a photo: where it is and its size in pixels, as the NYT states them.
public struct PhotoCrop: Hashable, Sendable {
    /// An absolute address (the NYT's image host is `https://static01.nyt.com/`).
    public var url: String
    public var width: Int
    public var height: Int

    /// The largest side a crop may state.
    public static let maximumSide = 100_000

    public init(url: String, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }

    /// Whether it has an address and a size within `maximumSide`.
    var isUsable: Bool {
        !url.isEmpty && (1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height)
    }

    var area: Int { width * height }
}
