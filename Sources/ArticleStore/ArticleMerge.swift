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
///   of update (Article Search, whose index lags) does not win over a revision of the last day that has
///   one, nor does an older revision: they add only what the cache lacks;
/// - an empty text, or no photo, never replaces one, except a kicker, a subsection or a photo that a newer
///   revision of Top Stories or the Newswire, which send them whenever there are any, leaves out; a lead
///   of its own is kept where the newer has none; the thumbnail and the photo are taken as a pair;
/// - a day alone (`DayOnlyTime`) never replaces a precise time of publication;
/// - a section or subsection named differently but shown the same (`us`, `U.S.`) keeps the cached name.
/// Values equal to the cached ones mean nothing changed: the article is not counted as updated.
enum ArticleMerge {
    /// The values of `ArticleColumns.written` to store for an article cached with `cached` and fetched
    /// at `fetchedAt` (seconds) with `fetched`; `archived`: the article is in an archive index, whose lead
    /// is the paragraph its month is counted by: an undated source's revision without a lead of its own
    /// leaves it as it is, and it is stored whole, not empty as the abstract's (`TrendTerm` looks for it
    /// there).
    /// `fetchedSendsEveryField`: the fetched answer's API sends the kicker, the subsection and the photo
    /// of every article that has them (Top Stories, the Newswire), so a newer revision of it without them
    /// has had them taken off.
    static func merged(
        cached: [DatabaseValue], fetched: [DatabaseValue], fetchedAt: Int64, archived: Bool = false,
        fetchedSendsEveryField: Bool = false
    ) -> [DatabaseValue] {
        let revision = Revision(fetched[Column.updatedAt], comparedWith: cached[Column.updatedAt], fetchedAt: fetchedAt)
        let (newer, older) = revision == .older ? (cached, fetched) : (fetched, cached)
        let removes = revision == .newer && fetchedSendsEveryField && !isEmpty(fetched[Column.updatedAt])
        var merged = newer
        for index in Column.texts where isEmpty(newer[index]) && !(removes && Column.removable.contains(index)) {
            merged[index] = older[index]
        }
        if isEmpty(newer[Column.updatedAt]) { merged[Column.updatedAt] = older[Column.updatedAt] }
        if isEmpty(newer[Column.abstract]) { merged[Column.abstract] = older[Column.abstract] }
        // A lead beside no abstract where the other has one stood in for it (Article Search's snippet).
        let newerHasLead = !isEmpty(newer[Column.lead]) && !(isEmpty(newer[Column.abstract]) && !isEmpty(older[Column.abstract]))
        if !newerHasLead {
            let keepsOlder = isEmpty(merged[Column.abstract]) || keepsOwnLead(of: cached, revision, archived)
            merged[Column.lead] = keepsOlder ? older[Column.lead] : "".databaseValue
        }
        if archived {
            if isEmpty(merged[Column.lead]) { merged[Column.lead] = merged[Column.abstract] }
        } else if merged[Column.lead] == merged[Column.abstract] {
            merged[Column.lead] = "".databaseValue
        }
        let (photo, otherPhoto) = revision == .same ? (cached, fetched) : (newer, older)
        let photoSide = isEmpty(photo[Column.thumbnail]) && isEmpty(photo[Column.photo]) && !removes ? otherPhoto : photo
        merged[Column.thumbnail] = photoSide[Column.thumbnail]
        merged[Column.photo] = photoSide[Column.photo]
        merged[Column.published] = published(newer[Column.published], older[Column.published])
        for index in [Column.section, Column.subsection] where shownAlike(cached[index], merged[index]) {
            merged[index] = cached[index]
        }
        return merged
    }

    /// `cached` with the paragraph an archive month gives in `fetched` as its lead, the rest kept: an
    /// article a live feed cached first keeps its fuller text (abstract, photo), and its month is counted
    /// by the same paragraph as in a cache that holds the archive alone (`TrendTerm`).
    static func withArchivedParagraph(cached: [DatabaseValue], fetched: [DatabaseValue]) -> [DatabaseValue] {
        guard !isEmpty(fetched[Column.lead]) else { return cached }
        var merged = cached
        merged[Column.lead] = fetched[Column.lead] == cached[Column.abstract] ? "".databaseValue : fetched[Column.lead]
        return merged
    }

    /// Whether, when the newer revision has no lead of its own, the cached lead stays. A lead is stored
    /// empty where the abstract stands for it (`ArticleColumns.storedLeadParagraph`): Top Stories, Most
    /// Popular and the Newswire have none of their own. Of the same revision it stays; of an undated
    /// source (Article Search, an archive month) it stays under a dated revision that has none; a dated
    /// revision's lead gives way to a newer revision, whose abstract may correct it. Only a lead beside an
    /// abstract (Article Search's lead paragraph), or an archived article's paragraph, is a lead: not a
    /// snippet that stood in for a missing abstract.
    private static func keepsOwnLead(of cached: [DatabaseValue], _ revision: Revision, _ archived: Bool) -> Bool {
        let isLead = !isEmpty(cached[Column.abstract]) || archived
        switch revision {
        case .same: return isLead
        case .newer: return isLead && isEmpty(cached[Column.updatedAt])
        case .older: return false
        }
    }

    /// How a fetched article's revision stands to the cached one's, by their times of update. An answer
    /// without one (Article Search) is older than a dated revision, unless that revision is more than a
    /// day older than the fetch: Article Search's index lags by hours, not days, and an article no live
    /// feed lists any more is corrected through it alone.
    private enum Revision {
        case newer, same, older

        /// How long Article Search's index may lag behind the live APIs.
        static let searchIndexLag: Int64 = 86_400

        init(_ fetched: DatabaseValue, comparedWith cached: DatabaseValue, fetchedAt: Int64) {
            switch (Int64.fromDatabaseValue(fetched), Int64.fromDatabaseValue(cached)) {
            case (let fetched?, let cached?): self = fetched > cached ? .newer : fetched == cached ? .same : .older
            case (_?, nil), (nil, nil): self = .newer
            case (nil, let cached?):
                self = cached < fetchedAt.subtractingReportingOverflow(Self.searchIndexLag).partialValue ? .newer : .older
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

    /// Whether a stored text is empty (or NULL).
    static func isEmpty(_ value: DatabaseValue) -> Bool {
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
        /// What a newer revision of an API that sends every field takes off by leaving it out.
        static let removable = [index("kicker"), subsection]
        /// The columns of text taken one by one: the newer's unless it is empty.
        static let texts = ["url", "title", "kicker", "byline", "section", "subsection", "itemType"].map(index)

        private static func index(_ name: String) -> Int { ArticleColumns.written.firstIndex(of: name)! }
    }
}
