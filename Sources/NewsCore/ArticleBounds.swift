/// The most of each field an article may hold, in UTF-8 bytes: whatever a server sends, no stored or
/// drawn text is larger (a 5 MB abstract is cut to 64 kB, at a character boundary). A uri or address
/// longer than its cap is useless cut, so it is dropped instead: the article then has no uri (and is
/// skipped) or no address.
public enum ArticleBounds {
    public static let paragraph = 64 << 10
    public static let line = 2 << 10
    public static let label = 256
    public static let address = ArticleLink.maximumLength

    /// `article` with every field within its cap (nothing is copied when it already is, as nearly every
    /// article is).
    public static func bounded(_ article: Article) -> Article {
        var article = article
        bound(&article.title, to: line)
        bound(&article.kicker, to: label)
        bound(&article.byline, to: line)
        bound(&article.abstract, to: paragraph)
        bound(&article.leadParagraph, to: paragraph)
        bound(&article.section, to: label)
        bound(&article.subsection, to: label)
        bound(&article.itemType, to: label)
        if article.url.utf8.count > address { article.url = "" }
        if let thumbnail = article.thumbnailURL, thumbnail.utf8.count > address { article.thumbnailURL = nil }
        if let photo = article.photo, !isWithinBounds(photo) { article.photo = bounded(photo) }
        return article
    }

    /// `photo` with its caption and credit cut to a line and a label, and without the crops whose address
    /// is longer than `address`; nil when no crop is left.
    public static func bounded(_ photo: ArticlePhoto) -> ArticlePhoto? {
        ArticlePhoto(
            crops: photo.crops.filter { $0.url.utf8.count <= address },
            caption: cut(photo.caption, to: line), credit: cut(photo.credit, to: label))
    }

    private static func isWithinBounds(_ photo: ArticlePhoto) -> Bool {
        photo.caption.utf8.count <= line && photo.credit.utf8.count <= label
            && photo.crops.allSatisfy { $0.url.utf8.count <= address }
    }

    /// Cuts `text` to `bytes` when it is longer; leaves it alone otherwise.
    private static func bound(_ text: inout String, to bytes: Int) {
        if text.utf8.count > bytes { text = cut(text, to: bytes) }
    }

    /// The longest prefix of `text` of whole characters within `bytes` UTF-8 bytes.
    public static func cut(_ text: String, to bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var length = 0
        var end = text.startIndex
        for index in text.indices {
            let next = text.index(after: index)
            length += text.utf8.distance(from: index, to: next)
            guard length <= bytes else { break }
            end = next
        }
        return String(text[..<end])
    }
}

extension FeedSnapshot {
    /// The snapshot with every article's fields within `ArticleBounds`.
    public var bounded: FeedSnapshot {
        var snapshot = self
        snapshot.articles = articles.map(ArticleBounds.bounded)
        return snapshot
    }
}
