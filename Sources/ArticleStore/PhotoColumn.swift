import NewsCore

/// How an article's photo is kept in its `photo` column: one text, the caption on the first line, the
/// credit on the second, then a line per crop, `WIDTH HEIGHT URL`. NULL when there is no photo. A crop's
/// address is stored as `ArticleColumns.storedImageURL` keeps it, and as `=` when it is the article's
/// thumbnail (a Top Stories thumbnail is one of its photo's crops): a hundred bytes of nearly every row.
enum PhotoColumn {
    /// A crop's stored address when it is the thumbnail's.
    static let sameAsThumbnail = "="

    static func text(of photo: ArticlePhoto?, thumbnailURL: String?) -> String? {
        guard let photo else { return nil }
        var lines = [oneLine(photo.caption), oneLine(photo.credit)]
        lines += photo.crops.map { crop in
            let url = crop.url == thumbnailURL ? sameAsThumbnail : ArticleColumns.storedImageURL(oneLine(crop.url))
            return "\(crop.width) \(crop.height) \(url)"
        }
        return lines.joined(separator: "\n")
    }

    /// The photo `text` holds, beside the article's (shown) `thumbnailURL`; nil for NULL, or for a text
    /// without a readable crop.
    static func photo(from text: String?, thumbnailURL: String?) -> ArticlePhoto? {
        guard let text else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3 else { return nil }
        let crops = lines.dropFirst(2).compactMap { line -> PhotoCrop? in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let width = Int(fields[0]), let height = Int(fields[1]) else { return nil }
            let stored = String(fields[2])
            guard stored != sameAsThumbnail else { return thumbnailURL.map { PhotoCrop(url: $0, width: width, height: height) } }
            return PhotoCrop(url: ArticleColumns.shownImageURL(stored), width: width, height: height)
        }
        return ArticlePhoto(crops: crops, caption: String(lines[0]), credit: String(lines[1]))
    }

    /// `text` with its line feeds made spaces (text from the network has none by then).
    private static func oneLine(_ text: String) -> String {
        text.contains("\n") ? text.replacing("\n", with: " ") : text
    }
}
