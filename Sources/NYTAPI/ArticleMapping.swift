import FoundationEssentials
import NewsCore

/// DTO → `Article`. An item without a `uri` or a title (the NYT's placeholders) maps to `nil`.
extension Article {
    /// The article from raw NYT text: HTML entities decoded, the lead paragraph the first non-empty of
    /// `leads`; nil without a uri or a title.
    fileprivate static func mapped(
        uri: String,
        url: String,
        title: String,
        kicker: String = "",
        byline: String,
        abstract: String,
        leads: [String],
        section: String,
        subsection: String,
        itemType: String,
        publishedDate: Date,
        updatedDate: Date?,
        thumbnailURL: String?
    ) -> Article? {
        let title = HTMLEntities.decode(title)
        guard !uri.isEmpty, uri.utf8.count <= ArticleBounds.line, !title.isBlank else { return nil }
        let lead = leads.first { !$0.isBlank } ?? ""
        return ArticleBounds.bounded(Article(
            id: ArticleID(uri),
            url: url,
            title: title,
            kicker: HTMLEntities.decode(kicker),
            byline: HTMLEntities.decode(byline),
            abstract: HTMLEntities.decode(abstract),
            leadParagraph: HTMLEntities.decode(lead),
            section: section,
            subsection: subsection,
            itemType: itemType,
            publishedDate: publishedDate,
            updatedDate: updatedDate,
            thumbnailURL: thumbnailURL
        ))
    }
}

extension Article {
    /// A Top Stories or Most Popular item: its shared fields, the abstract as the lead paragraph.
    fileprivate static func mapped(
        _ fields: StoryFields,
        kicker: String = "",
        itemType: String,
        publishedDate: Date,
        updatedDate: Date?,
        thumbnailURL: String?
    ) -> Article? {
        .mapped(
            uri: fields.uri, url: fields.url, title: fields.title, kicker: kicker, byline: fields.byline,
            abstract: fields.abstract, leads: [fields.abstract], section: fields.section, subsection: fields.subsection,
            itemType: itemType, publishedDate: publishedDate, updatedDate: updatedDate, thumbnailURL: thumbnailURL
        )
    }
}

extension TopStory {
    func article(fetchedDate: Date) -> Article? {
        .mapped(
            fields, kicker: kicker, itemType: itemType,
            publishedDate: publishedDate ?? createdDate ?? updatedDate ?? fetchedDate, updatedDate: updatedDate,
            thumbnailURL: NYTImage.thumbnailURL(in: multimedia, preferring: "Large Thumbnail")
        )
    }
}

extension SearchDocument {
    func article(fetchedDate: Date) -> Article? {
        .mapped(
            uri: uri, url: webURL, title: headline, kicker: kicker, byline: byline, abstract: abstract,
            leads: [leadParagraph, abstract, snippet],
            section: section, subsection: subsection, itemType: documentType,
            publishedDate: publishedDate ?? fetchedDate, updatedDate: nil, thumbnailURL: thumbnailURL
        )
    }
}

extension MostPopularItem {
    func article(fetchedDate: Date) -> Article? {
        .mapped(
            fields, itemType: type,
            publishedDate: publishedDate ?? updatedDate ?? fetchedDate, updatedDate: updatedDate,
            thumbnailURL: NYTImage.thumbnailURL(in: images, preferring: "Standard Thumbnail")
        )
    }
}

private extension String {
    /// Empty, or only spaces and tabs (any Unicode space separator).
    var isBlank: Bool {
        unicodeScalars.allSatisfy { $0 == "\t" || $0 == " " || $0.properties.generalCategory == .spaceSeparator }
    }
}
