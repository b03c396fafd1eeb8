import NewsCore
import SQLite
import Synchronization

/// The articles of one refresh as they arrive (`ArticleStore.beginStaging`), in the order the NYT sent
/// them: held in memory within `bound`, and all set aside in a temporary table of the cache once more
/// arrive, a batch to a row (`StagedBatch`).
public final class StagedRefresh: Sendable, Hashable {
    /// Tells this refresh's rows from those of another running at the same time.
    let number: Int64
    /// What is held in memory before the articles are written aside.
    let bound: StagingBound
    private let held = Mutex(Held())

    /// The articles held, while none has been written aside.
    private struct Held {
        var articles: [Article] = []
        var textBytes = 0
        /// Whether the articles went to the temporary table (all that arrive from then on go there too).
        var isWritten = false
    }

    /// Where the articles of `hold(_:)` go.
    enum Destination {
        /// Held in memory.
        case held
        /// To be written aside: the articles held until now (none once some were written aside), then
        /// those given; `first` when the table has had none of this refresh yet.
        case table(held: [Article], then: [Article], first: Bool)
    }

    /// The number of the last refresh set aside in this process.
    private static let lastNumber = Atomic<Int64>(0)

    /// A refresh numbered apart from every other of this process.
    init(bound: StagingBound) {
        number = Self.lastNumber.add(1, ordering: .relaxed).newValue
        self.bound = bound
    }

    /// Keeps `articles` (already within `ArticleBounds`) in memory when they fit within `bound`; else
    /// hands back everything to write aside, and holds nothing more.
    func hold(_ articles: [Article]) -> Destination {
        held.withLock { held in
            if held.isWritten { return .table(held: [], then: articles, first: false) }
            let bytes = articles.reduce(0) { $0 + Self.textBytes(of: $1) }
            if held.articles.count + articles.count <= bound.articles, held.textBytes + bytes <= bound.textBytes {
                held.articles += articles
                held.textBytes += bytes
                return .held
            }
            let earlier = held.articles
            held = Held(isWritten: true)
            return .table(held: earlier, then: articles, first: true)
        }
    }

    /// The articles held in memory, handed over once (emptied); nil when they were written aside.
    func takeHeld() -> [Article]? {
        held.withLock { held in
            guard !held.isWritten else { return nil }
            defer { held = Held() }
            return held.articles
        }
    }

    /// Forgets what is held; true when articles of this refresh may be in the temporary table.
    func forget() -> Bool {
        held.withLock { held in
            defer { held = Held(isWritten: held.isWritten) }
            return held.isWritten
        }
    }

    /// The UTF-8 bytes of every text field of `article`, its photo's caption, credit and crop addresses
    /// included (as held in memory, not as the photo column will store them: that text is made once,
    /// when the article is written).
    private static func textBytes(of article: Article) -> Int {
        article.id.rawValue.utf8.count + article.url.utf8.count + article.title.utf8.count + article.kicker.utf8.count
            + article.byline.utf8.count + article.abstract.utf8.count + article.leadParagraph.utf8.count
            + article.section.utf8.count + article.subsection.utf8.count + article.itemType.utf8.count
            + (article.thumbnailURL?.utf8.count ?? 0) + (article.photo.map(photoBytes) ?? 0)
    }

    private static func photoBytes(_ photo: ArticlePhoto) -> Int {
        photo.caption.utf8.count + photo.credit.utf8.count + photo.crops.reduce(0) { $0 + $1.url.utf8.count }
    }

    public static func == (left: StagedRefresh, right: StagedRefresh) -> Bool {
        left.number == right.number
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
    }

    // MARK: - The temporary table

    /// Articles handed on together when a refresh set aside is applied.
    static let chunkSize = 500

    /// One row per batch of articles set aside (`StagedBatch`), in the order they arrived (rowid).
    static let createTable = """
        PRAGMA temp.cache_size = -256;
        CREATE TEMP TABLE IF NOT EXISTS stagedBatch (refresh INTEGER NOT NULL, articleCount INTEGER NOT NULL, articles BLOB NOT NULL);
        """

    static let insertSQL = "INSERT INTO temp.stagedBatch (refresh, articleCount, articles) VALUES (?, ?, ?)"

    /// The next batch of this refresh after a rowid.
    static let nextBatchSQL = """
        SELECT rowid, articles FROM temp.stagedBatch WHERE refresh = ? AND rowid > ? ORDER BY rowid LIMIT 1
        """

    static let deleteSQL = "DELETE FROM temp.stagedBatch WHERE refresh = ?"
}
