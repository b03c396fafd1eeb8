import NewsCore

/// What the cache keeps of an article imported from the archive: what the reader shows (title, kicker,
/// byline, date, section, web address) and one paragraph, the lead paragraph, or the abstract when there
/// is no lead. The abstract beside a lead, the thumbnail and the photo are left out: at a million archived
/// articles they would be a third of the cache. So is the kind of item (`News`, `article`), which nothing
/// shows.
enum ArchivedText {
    static func kept(of article: Article) -> Article {
        var kept = article
        if kept.leadParagraph.isEmpty { kept.leadParagraph = kept.abstract }
        kept.abstract = ""
        kept.thumbnailURL = nil
        kept.photo = nil
        kept.itemType = ""
        return kept
    }
}
