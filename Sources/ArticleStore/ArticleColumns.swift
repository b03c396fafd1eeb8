import FoundationEssentials
import Glibc
import NewsCore
import SQLite

/// How an `ArticleEntry` is laid out in the `article` table, in one place for every query.
enum ArticleColumns {
    /// The selected columns, in the order `entry(from:)` reads them.
    static let selection = [
        "uri", "url", "title", "kicker", "byline", "abstract", "leadParagraph", "section", "subsection", "itemType", "publishedAt",
        "updatedAt", "thumbnailURL", "photo", "readAt", "savedAt",
    ].map { PackedText.read($0, of: "a") }.joined(separator: ", ")

    /// The columns a refresh writes from an article's text, in the order of `writtenValues(of:)`.
    static let written = [
        "url", "title", "kicker", "byline", "abstract", "leadParagraph", "section", "subsection", "itemType",
        "publishedAt", "updatedAt", "thumbnailURL", "photo",
    ]

    /// Where `url` sits in `written`.
    static let writtenURLIndex = written.firstIndex(of: "url")!

    /// Where `thumbnailURL` sits in `written`.
    static let writtenThumbnailIndex = written.firstIndex(of: "thumbnailURL")!

    /// Where `abstract` sits in `written`.
    static let writtenAbstractIndex = written.firstIndex(of: "abstract")!

    /// Where `leadParagraph` sits in `written`.
    static let writtenLeadIndex = written.firstIndex(of: "leadParagraph")!

    /// Where `photo` sits in `written`.
    static let writtenPhotoIndex = written.firstIndex(of: "photo")!

    /// Where `updatedAt` sits in `written`.
    static let writtenUpdatedAtIndex = written.firstIndex(of: "updatedAt")!

    /// The values stored for `article` in the `written` columns. Equal values mean the cached text is current.
    static func writtenValues(of article: Article) -> [DatabaseValue] {
        [
            storedURL(article.url).databaseValue, article.title.databaseValue, article.kicker.databaseValue,
            article.byline.databaseValue, article.abstract.databaseValue, storedLeadParagraph(of: article).databaseValue,
            article.section.databaseValue, article.subsection.databaseValue, article.itemType.databaseValue,
            seconds(article.publishedDate).databaseValue, article.updatedDate.map(seconds).databaseValue,
            article.thumbnailURL.map(storedImageURL).databaseValue,
            PhotoColumn.text(of: article.photo, thumbnailURL: article.thumbnailURL).databaseValue,
        ]
    }

    /// The lead paragraph is stored only when it differs from the abstract (the common case for Top Stories).
    static func storedLeadParagraph(of article: Article) -> String {
        article.leadParagraph == article.abstract ? "" : article.leadParagraph
    }

    /// The article a row of `selection` holds; a row that cannot be one is a damaged cache.
    static func entry(from row: Row) throws -> ArticleEntry {
        let abstract: String = try row[5]
        let storedLead: String = try row[6]
        let thumbnailURL = try (row[12] as String?).map(shownImageURL)
        guard let published = try date(row[10]) else { throw DatabaseError.damaged("an article without a date: \(row[10])") }
        let article = try Article(
            id: ArticleID(row[0] as String),
            url: shownURL(row[1]),
            title: row[2],
            kicker: row[3],
            byline: row[4],
            abstract: abstract,
            leadParagraph: storedLead.isEmpty ? abstract : storedLead,
            section: row[7],
            subsection: row[8],
            itemType: row[9],
            publishedDate: published,
            updatedDate: date(row[11]),
            thumbnailURL: thumbnailURL,
            photo: PhotoColumn.photo(from: row[13], thumbnailURL: thumbnailURL)
        )
        return try ArticleEntry(article: article, readDate: date(row[14]), savedDate: date(row[15]))
    }

    /// Where an NYT web address starts; stored, it is left out (`/2024/03/…`): 23 bytes of each row and as
    /// many of the index on `url`, for nearly every article.
    static let nytOrigin = "https://www.nytimes.com"

    /// The web address as stored: an NYT address from its path (`/2024/…`), any other whole.
    static func storedURL(_ url: String) -> String {
        path(of: url, under: nytOrigin)
    }

    /// The web address a stored one stands for: a path (stored, or sent as one) is on the NYT's site.
    /// Caches written before keep whole addresses, read as they are.
    static func shownURL(_ stored: String) -> String {
        whole(stored, under: nytOrigin)
    }

    /// Where the NYT's images are served from; stored, it is left out (`/images/2024/…`), as for `nytOrigin`.
    static let imageOrigin = "https://static01.nyt.com"

    /// An image address as stored: one of the NYT's from its path, any other whole.
    static func storedImageURL(_ url: String) -> String {
        path(of: url, under: imageOrigin)
    }

    /// The image address a stored one stands for (caches written before keep whole addresses).
    static func shownImageURL(_ stored: String) -> String {
        whole(stored, under: imageOrigin)
    }

    /// `url` without `origin` when it is under it (its path, `/…`), else whole.
    private static func path(of url: String, under origin: String) -> String {
        guard let length = pathStart(in: url, after: origin) else { return url }
        return String(url[url.utf8.index(url.startIndex, offsetBy: length)...])
    }

    /// The address `stored` stands for: a path is under `origin`, anything else is whole.
    private static func whole(_ stored: String, under origin: String) -> String {
        pathStart(in: stored, after: "") != nil ? origin + stored : stored
    }

    /// Where the path of `text` starts (a byte offset) when `text` begins with `origin` then `/`, as its
    /// characters say (`text.hasPrefix(origin + "/")`); nil when it does not. `origin` is ASCII that no
    /// other text is canonically equal to (the origins here), so bytes give the characters' answer
    /// whenever the byte after the `/` is ASCII too (nothing joins a `/` then to make another character),
    /// which is nearly always; otherwise the characters are compared.
    private static func pathStart(in text: String, after origin: String) -> Int? {
        let length = origin.utf8.count
        // A native string's bytes are read in place: walking the views took a thousand instructions.
        let bytesSay: Bool? =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                guard bytes.count > length, bytes[length] == UInt8(ascii: "/"), startsWith(bytes, origin) else { return false }
                // Nothing joins a `/` followed by ASCII, or by nothing, into another character.
                return bytes.count == length + 1 || UTF8.isASCII(bytes[length + 1]) ? true : nil
            } ?? nil
        guard let bytesSay else { return text.hasPrefix(origin + "/") ? length : nil }
        return bytesSay ? length : nil
    }

    /// Whether `bytes` begin with the UTF-8 of `prefix`.
    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: String) -> Bool {
        prefix.utf8.withContiguousStorageIfAvailable { prefix in
            guard let start = bytes.baseAddress, let other = prefix.baseAddress else { return prefix.isEmpty }
            return bytes.count >= prefix.count && memcmp(start, other, prefix.count) == 0
        } ?? bytes.starts(with: prefix.utf8)
    }

    static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    /// The date stored as `seconds`; nil for NULL, or for a value no day of the years 1 to 9999 has (a
    /// damaged cache: such a time overflows the C library's calendar).
    static func date(_ seconds: Int64?) -> Date? {
        guard let seconds, storableSeconds.contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// 0001-01-01 to 9999-12-31T23:59:59Z.
    static let storableSeconds: ClosedRange<Int64> = -62_135_596_800...253_402_300_799
}
