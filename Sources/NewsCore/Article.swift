import FoundationEssentials

/// One NYT article as the API describes it: text and metadata only, no local state.
public struct Article: Hashable, Sendable {
    public var id: ArticleID
    public var url: String
    public var title: String
    public var kicker: String
    public var byline: String
    public var abstract: String
    /// The paragraph shown under the headline: the first non-empty of lead paragraph, abstract and snippet.
    public var leadParagraph: String
    public var section: String
    public var subsection: String
    public var itemType: String
    public var publishedDate: Date
    public var updatedDate: Date?
    public var thumbnailURL: String?
    /// The lead photo, when the NYT lists one.
    public var photo: ArticlePhoto?

    public init(
        id: ArticleID,
        url: String,
        title: String,
        kicker: String = "",
        byline: String = "",
        abstract: String = "",
        leadParagraph: String = "",
        section: String = "",
        subsection: String = "",
        itemType: String = "",
        publishedDate: Date,
        updatedDate: Date? = nil,
        thumbnailURL: String? = nil,
        photo: ArticlePhoto? = nil
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.kicker = kicker
        self.byline = byline
        self.abstract = abstract
        self.leadParagraph = leadParagraph
        self.section = section
        self.subsection = subsection
        self.itemType = itemType
        self.publishedDate = publishedDate
        self.updatedDate = updatedDate
        self.thumbnailURL = thumbnailURL
        self.photo = photo
    }
}
