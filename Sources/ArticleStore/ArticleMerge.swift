import NewsCore
import SQLite

/// What a refresh writes over a cached article sent again, by the same API or another. Each NYT API sends
/// part of an article, in its own words: Article Search an empty abstract beside a snippet and no time of
/// update, Most Popular a day without a time and photos of its own, Top Stories a section's slug
/// (`nyregion`) where the others name it (`New York`). So the newer revision wins, field by field, and the
/// other keeps what the newer leaves empty:
/// - the fetched article is the newer when its time of update is later than the cached one's, or the
///   cached one has none (both without one: the later fetch); of the same time of update, the fetched
///   text wins but the cached photo stays (each API lists its own crops of it); an answer without a time
///   of update (Article Search, whose index lags) never wins over one that has it, nor an older revision:
///   they add only what the cache lacks;
/// - an empty text, or no photo, never replaces one; a lead of its own is kept where the newer has none;
///   the thumbnail and the photo are taken as a pair;
/// - a day alone (`DayOnlyTime`) never replaces a precise time of publication;
/// - a section or subsection named differently but shown the same (`us`, `U.S.`) keeps the cached name.
/// Values equal to the cached ones mean nothing changed: the article is not counted as updated.
enum ArticleMerge {
    /// The values of `ArticleColumns.written` to store for an article cached with `cached` and fetched
    /// with `fetched`; `cachedLeadIsKept`: the cached lead is an archived article's paragraph, which a
    /// revision without a lead of its own leaves as it is.
    static func merged(cached: [DatabaseValue], fetched: [DatabaseValue], cachedLeadIsKept: Bool = false) -> [DatabaseValue] {
        let revision = Revision(fetched[Column.updatedAt], comparedWith: cached[Column.updatedAt])
        let (newer, older) = revision == .older ? (cached, fetched) : (fetched, cached)
        var merged = newer
        for index in Column.texts where isEmpty(newer[index]) {
            merged[index] = older[index]
        }
        if isEmpty(newer[Column.updatedAt]) { merged[Column.updatedAt] = older[Column.updatedAt] }
        if isEmpty(newer[Column.abstract]) { merged[Column.abstract] = older[Column.abstract] }
        // A lead is stored empty where the abstract stands for it (`ArticleColumns.storedLeadParagraph`):
        // Top Stories, Most Popular and the Newswire have none of their own. Without one in the newer,
        // the older's lead stays where it is a lead: beside an abstract (Article Search's lead paragraph),
        // the paragraph an archived article keeps (`cachedLeadIsKept`), or the only paragraph there is;
        // not a snippet that stood in for a missing abstract.
        if isEmpty(newer[Column.lead]),
            isEmpty(merged[Column.abstract]) || !isEmpty(older[Column.abstract]) || (cachedLeadIsKept && revision != .older)
        {
            merged[Column.lead] = older[Column.lead]
        }
        if merged[Column.lead] == merged[Column.abstract] { merged[Column.lead] = "".databaseValue }
        let (photo, otherPhoto) = revision == .same ? (cached, fetched) : (newer, older)
        let photoSide = isEmpty(photo[Column.thumbnail]) && isEmpty(photo[Column.photo]) ? otherPhoto : photo
        merged[Column.thumbnail] = photoSide[Column.thumbnail]
        merged[Column.photo] = photoSide[Column.photo]
        merged[Column.published] = published(newer[Column.published], older[Column.published])
        for index in [Column.section, Column.subsection] where shownAlike(cached[index], merged[index]) {
            merged[index] = cached[index]
        }
        return merged
    }

    /// How a fetched article's revision stands to the cached one's, by their times of update.
    private enum Revision {
        case newer, same, older

        init(_ fetched: DatabaseValue, comparedWith cached: DatabaseValue) {
            switch (Int64.fromDatabaseValue(fetched), Int64.fromDatabaseValue(cached)) {
            case (let fetched?, let cached?): self = fetched > cached ? .newer : fetched == cached ? .same : .older
            case (_?, nil), (nil, nil): self = .newer
            case (nil, _?): self = .older
            }
        }
    }

    /// The newer revision's time of publication, unless it is a day alone and the older one's is a precise
    /// time within a day and a half of it.
    private static func published(_ newer: DatabaseValue, _ older: DatabaseValue) -> DatabaseValue {
        guard let newerSeconds = Int64.fromDatabaseValue(newer), let olderSeconds = Int64.fromDatabaseValue(older),
            DayOnlyTime.isDayOnly(newerSeconds), !DayOnlyTime.isDayOnly(olderSeconds),
            newerSeconds.subtractingReportingOverflow(olderSeconds).partialValue.magnitude <= 36 * 3_600
        else { return newer }
        return older
    }

    private static func shownAlike(_ one: DatabaseValue, _ other: DatabaseValue) -> Bool {
        guard let one = String.fromDatabaseValue(one), let other = String.fromDatabaseValue(other) else { return false }
        return one == other || Section.displayName(forArticleSection: one) == Section.displayName(forArticleSection: other)
    }

    private static func isEmpty(_ value: DatabaseValue) -> Bool {
        value.isNull || value == "".databaseValue
    }

    /// Where each column sits in `ArticleColumns.written`.
    private enum Column {
        static let abstract = ArticleColumns.writtenAbstractIndex
        static let lead = ArticleColumns.writtenLeadIndex
        static let thumbnail = ArticleColumns.writtenThumbnailIndex
        static let photo = ArticleColumns.writtenPhotoIndex
        static let updatedAt = ArticleColumns.writtenUpdatedAtIndex
        static let published = index("publishedAt")
        static let section = index("section")
        static let subsection = index("subsection")
        /// The columns of text taken one by one: the newer's unless it is empty.
        static let texts = ["url", "title", "kicker", "byline", "section", "subsection", "itemType"].map(index)

        private static func index(_ name: String) -> Int { ArticleColumns.written.firstIndex(of: name)! }
    }
}
