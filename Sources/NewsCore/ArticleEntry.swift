import FoundationEssentials

/// An article as the cache holds it: the article plus what the reader did with it.
public struct ArticleEntry: Hashable, Sendable {
    public var article: Article
    public var readDate: Date?
    public var savedDate: Date?

    public init(article: Article, readDate: Date? = nil, savedDate: Date? = nil) {
        self.article = article
        self.readDate = readDate
        self.savedDate = savedDate
    }

    public var id: ArticleID { article.id }
    public var isRead: Bool { readDate != nil }
    public var isSaved: Bool { savedDate != nil }
    /// The unread mark (`•`) and the saved mark (`*`) side by side, a space for each one not set, as the
    /// reader's rows and `list` show them.
    public var marks: String { (isRead ? " " : "•") + (isSaved ? "*" : " ") }
}
