import FoundationEssentials
import NewsCore

/// DTO → `Article`: every answer's items become articles here, their text through `NetworkText`. An item
/// without a `uri` or a title (the NYT's placeholders) maps to `nil`.
extension Article {
    /// The article from raw NYT text: entities decoded and controls taken out (`NetworkText`), the lead
    /// paragraph the first non-blank of `leads`; nil without a uri or a title, or with a uri that holds a
    /// control character. An address that is no web address (a control in it, `javascript:`, `file:`, over
    /// 2 kB: what `ArticleLink` refuses) is dropped, never printed or listed as the article's.
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
        thumbnailURL: String?,
        photo: ArticlePhoto?
    ) -> Article? {
        let title = NetworkText.line(title)
        guard !uri.isEmpty, uri.utf8.count <= ArticleBounds.line, !NetworkText.hasControl(uri), !title.isBlank else { return nil }
        let cleanAbstract = NetworkText.paragraph(abstract)
        // A lead that is the abstract (Top Stories, Most Popular) is not cleaned twice.
        let lead = leads.lazy.map { $0 == abstract ? cleanAbstract : NetworkText.paragraph($0) }.first { !$0.isBlank } ?? ""
        return ArticleBounds.bounded(
            Article(
                id: ArticleID(uri),
                url: ArticleLink(url) == .refused ? "" : url,
                title: title,
                kicker: NetworkText.line(kicker),
                byline: NetworkText.line(byline),
                abstract: cleanAbstract,
                leadParagraph: lead,
                section: NetworkText.line(section),
                subsection: NetworkText.line(subsection),
                itemType: NetworkText.line(itemType),
                publishedDate: publishedDate,
                updatedDate: updatedDate,
                thumbnailURL: thumbnailURL.flatMap { NetworkText.hasControl($0) ? nil : $0 },
                photo: photo
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
        thumbnailURL: String?,
        photo: ArticlePhoto?
    ) -> Article? {
        .mapped(
            uri: fields.uri, url: fields.url, title: fields.title, kicker: kicker, byline: fields.byline,
            abstract: fields.abstract, leads: [fields.abstract], section: fields.section, subsection: fields.subsection,
            itemType: itemType, publishedDate: publishedDate, updatedDate: updatedDate, thumbnailURL: thumbnailURL,
            photo: photo
        )
    }
}

extension TopStory {
    func article(undatedAs date: Date) -> Article? {
        .mapped(
            fields, kicker: kicker, itemType: itemType,
            publishedDate: publishedDate ?? createdDate ?? updatedDate ?? date, updatedDate: updatedDate,
            thumbnailURL: NYTImage.thumbnailURL(in: multimedia, preferring: "Large Thumbnail"),
            photo: NYTImage.photo(in: multimedia)
        )
    }
}

extension SearchDocument {
    func article(undatedAs date: Date) -> Article? {
        .mapped(
            uri: uri, url: webURL, title: headline, kicker: kicker, byline: byline, abstract: abstract,
            leads: [leadParagraph, abstract, snippet],
            section: section, subsection: subsection, itemType: documentType,
            publishedDate: publishedDate ?? date, updatedDate: nil, thumbnailURL: thumbnailURL, photo: photo
        )
    }
}

extension MostPopularItem {
    func article(undatedAs date: Date) -> Article? {
        .mapped(
            fields, itemType: type,
            publishedDate: publishedDate ?? updatedDate ?? date, updatedDate: updatedDate,
            thumbnailURL: NYTImage.thumbnailURL(in: images, preferring: "Standard Thumbnail"),
            photo: photo
        )
    }
}

extension String {
    /// Empty, or nothing a terminal shows: white space (spaces of any kind, line breaks), format characters
    /// (zero-width spaces, bidirectional controls, the soft hyphen), combining marks with nothing to combine
    /// with, and other scalars meant to be ignored (variation selectors).
    fileprivate var isBlank: Bool {
        unicodeScalars.allSatisfy { scalar in
            // ASCII answers without the Unicode tables: space and the controls are blank, the rest shows.
            if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
            let properties = scalar.properties
            if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
            switch properties.generalCategory {
            case .format, .control, .nonspacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }
}
