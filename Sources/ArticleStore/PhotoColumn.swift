import NewsCore

/// How an article's photo is kept in its `photo` column: one text, the caption on the first line, the
/// credit on the second, then a line per crop, `WIDTH HEIGHT URL`. NULL when there is no photo.
enum PhotoColumn {
    static func text(of photo: ArticlePhoto?) -> String? {
        guard let photo else { return nil }
        var lines = [oneLine(photo.caption), oneLine(photo.credit)]
        lines += photo.crops.map { "\($0.width) \($0.height) \(oneLine($0.url))" }
        return lines.joined(separator: "\n")
    }

    /// The photo `text` holds; nil for NULL, or for a text without a readable crop.
    static func photo(from text: String?) -> ArticlePhoto? {
        guard let text else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3 else { return nil }
        let crops = lines.dropFirst(2).compactMap { line -> PhotoCrop? in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let width = Int(fields[0]), let height = Int(fields[1]) else { return nil }
            return PhotoCrop(url: String(fields[2]), width: width, height: height)
        }
        return ArticlePhoto(crops: crops, caption: String(lines[0]), credit: String(lines[1]))
    }

    /// `text` with its line feeds made spaces (text from the network has none by then).
    private static func oneLine(_ text: String) -> String {
        text.contains("\n") ? text.replacing("\n", with: " ") : text
    }
}
