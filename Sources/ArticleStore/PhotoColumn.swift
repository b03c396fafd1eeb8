import NewsCore

/// How an article's photo is kept in its `photo` column: one text, the caption on the first line, the
/// credit on the second, then a line per crop, `WIDTH HEIGHT URL`. NULL when there is no photo. A crop's
/// address is stored as `=` when it is the article's thumbnail (a Top Stories thumbnail is one of its
/// photo's crops), as the thumbnail's start and what follows it when the two begin alike (the NYT names a
/// photo's crops after it: `…/20talks-hfkw/20talks-hfkw-superJumbo.jpg` beside `…-thumbLarge.jpg`),
/// else as `ArticleColumns.storedImageURL` keeps it: each crop some ten bytes instead of a hundred.
enum PhotoColumn {
    /// A crop's stored address when it is the thumbnail's.
    static let sameAsThumbnail = "="
    /// Begins a crop's stored address written after the thumbnail's start: `\t` (a control, which no
    /// address from the network holds), the number of the thumbnail's scalars it begins with, a space,
    /// then the rest of its own.
    static let afterThumbnailStart: Unicode.Scalar = "\t"
    /// The fewest scalars in common with the thumbnail for which a crop is stored after its start.
    static let shortestSharedStart = 12

    static func text(of photo: ArticlePhoto?, thumbnailURL: String?) -> String? {
        guard let photo else { return nil }
        var lines = [oneLine(photo.caption), oneLine(photo.credit)]
        // The thumbnail as it will read back, which a crop's stored start is counted in.
        let thumbnail = thumbnailURL.map { ArticleColumns.shownImageURL(ArticleColumns.storedImageURL($0)) }
        lines += photo.crops.map { crop in
            "\(crop.width) \(crop.height) \(storedAddress(of: oneLine(crop.url), thumbnail: thumbnail))"
        }
        return lines.joined(separator: "\n")
    }

    /// How a crop's address `url` is stored beside the article's `thumbnail`.
    static func storedAddress(of url: String, thumbnail: String?) -> String {
        guard let thumbnail else { return ArticleColumns.storedImageURL(url) }
        guard url != thumbnail else { return sameAsThumbnail }
        let shared = zip(url.unicodeScalars, thumbnail.unicodeScalars).prefix { $0 == $1 }.count
        guard shared >= shortestSharedStart else { return ArticleColumns.storedImageURL(url) }
        return "\(Character(afterThumbnailStart))\(shared) \(Substring(url.unicodeScalars.dropFirst(shared)))"
    }

    /// The address a crop's `stored` one stands for beside the article's `thumbnail`; nil when it cannot
    /// be one (the thumbnail's, or its start, without a thumbnail; a start longer than the thumbnail).
    static func address(stored: Substring, thumbnail: String?) -> String? {
        guard stored != sameAsThumbnail else { return thumbnail }
        guard stored.unicodeScalars.first == afterThumbnailStart else { return ArticleColumns.shownImageURL(String(stored)) }
        let fields = stored.unicodeScalars.dropFirst().split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard fields.count == 2, let thumbnail, let shared = Int(Substring(fields[0])), shared >= 0,
            shared <= thumbnail.unicodeScalars.count
        else { return nil }
        return String(Substring(thumbnail.unicodeScalars.prefix(shared)) + Substring(fields[1]))
    }

    /// The photo `text` holds, beside the article's (shown) `thumbnailURL`; nil for NULL, or for a text
    /// without a readable crop.
    static func photo(from text: String?, thumbnailURL: String?) -> ArticlePhoto? {
        guard let text else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3 else { return nil }
        let crops = lines.dropFirst(2).compactMap { line -> PhotoCrop? in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let width = Int(fields[0]), let height = Int(fields[1]),
                let url = address(stored: fields[2], thumbnail: thumbnailURL)
            else { return nil }
            return PhotoCrop(url: url, width: width, height: height)
        }
        return ArticlePhoto(crops: crops, caption: String(lines[0]), credit: String(lines[1]))
    }

    /// `text` with its line feeds made spaces (text from the network has none by then). Looked for as a
    /// byte: a line feed is a character of its own but in CR LF, which `replacing` leaves as it is.
    private static func oneLine(_ text: String) -> String {
        text.containsUTF8Byte { $0 == UInt8(ascii: "\n") } ? text.replacing("\n", with: " ") : text
    }
}
