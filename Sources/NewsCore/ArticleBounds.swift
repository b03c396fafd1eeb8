/// The most of each field an article may hold, in UTF-8 bytes: whatever a server sends, no stored or
/// drawn text is larger (a 5 MB abstract is cut to 64 kB, at a character boundary). A uri or address
/// longer than its cap is useless cut, so it is dropped instead: the article then has no uri (and is
/// skipped) or no address.
public enum ArticleBounds {
    public static let paragraph = 64 << 10
    public static let line = 2 << 10
    public static let label = 256
    public static let address = ArticleLink.maximumLength

    /// `article` with every field within its cap.
    public static func bounded(_ article: Article) -> Article {
        var article = article
        article.title = cut(article.title, to: line)
        article.kicker = cut(article.kicker, to: label)
        article.byline = cut(article.byline, to: line)
        article.abstract = cut(article.abstract, to: paragraph)
        article.leadParagraph = cut(article.leadParagraph, to: paragraph)
        article.section = cut(article.section, to: label)
        article.subsection = cut(article.subsection, to: label)
        article.itemType = cut(article.itemType, to: label)
        if article.url.utf8.count > address { article.url = "" }
        if let thumbnail = article.thumbnailURL, thumbnail.utf8.count > address { article.thumbnailURL = nil }
        article.photo = article.photo.flatMap(bounded)
        return article
    }

    /// `photo` with its caption and credit cut to a line and a label, and without the crops whose address
    /// is longer than `address`; nil when no crop is left.
    public static func bounded(_ photo: ArticlePhoto) -> ArticlePhoto? {
        ArticlePhoto(
            crops: photo.crops.filter { $0.url.utf8.count <= address },
            caption: cut(photo.caption, to: line), credit: cut(photo.credit, to: label))
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
