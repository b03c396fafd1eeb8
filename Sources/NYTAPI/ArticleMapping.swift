import Foundation
import NewsCore

/// DTO → `Article`. An item without a `uri` or a title (the NYT's placeholders) maps to `nil`.
extension TopStory {
    func article(fetchedDate: Date) -> Article? {
        let title = HTMLEntities.decode(title)
        guard !uri.isEmpty, !title.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let abstract = HTMLEntities.decode(abstract)
        return Article(
            id: ArticleID(uri),
            url: url,
            title: title,
            kicker: HTMLEntities.decode(kicker),
            byline: HTMLEntities.decode(byline),
            abstract: abstract,
            leadParagraph: abstract,
            section: section,
            subsection: subsection,
            itemType: itemType,
            publishedDate: publishedDate ?? createdDate ?? updatedDate ?? fetchedDate,
            updatedDate: updatedDate,
            thumbnailURL: thumbnail
        )
    }

    /// The small picture: the NYT's "Large Thumbnail" crop when present, else the first image.
    private var thumbnail: String? {
        let images = multimedia.filter { !$0.url.isEmpty }
        return (images.first { $0.format == "Large Thumbnail" } ?? images.first)?.url
    }
}

extension SearchDocument {
    func article(fetchedDate: Date) -> Article? {
        let title = HTMLEntities.decode(headline)
        guard !uri.isEmpty, !title.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let abstract = HTMLEntities.decode(abstract)
        let lead = [leadParagraph, abstract, snippet].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        return Article(
            id: ArticleID(uri),
            url: webURL,
            title: title,
            kicker: HTMLEntities.decode(kicker),
            byline: HTMLEntities.decode(byline),
            abstract: abstract,
            leadParagraph: HTMLEntities.decode(lead),
            section: section,
            subsection: subsection,
            itemType: documentType,
            publishedDate: publishedDate ?? fetchedDate,
            updatedDate: nil,
            thumbnailURL: thumbnailURL
        )
    }
}

extension MostPopularItem {
    func article(fetchedDate: Date) -> Article? {
        let title = HTMLEntities.decode(title)
        guard !uri.isEmpty, !title.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let abstract = HTMLEntities.decode(abstract)
        return Article(
            id: ArticleID(uri),
            url: url,
            title: title,
            byline: HTMLEntities.decode(byline),
            abstract: abstract,
            leadParagraph: abstract,
            section: section,
            subsection: subsection,
            itemType: type,
            publishedDate: publishedDate ?? updatedDate ?? fetchedDate,
            updatedDate: updatedDate,
            thumbnailURL: (images.first { $0.format == "Standard Thumbnail" } ?? images.first)?.url
        )
    }
}
