import NewsCore
import SQLite

/// A cache made as small as its articles allow (`nytreader archive --compact`): the texts of rows written
/// before packing packed, and the file rewritten without its free pages.
public struct Compaction: Sendable, Equatable {
    /// The file's bytes before and after.
    public let bytesBefore: Int
    public let bytesAfter: Int
    /// The articles whose texts were packed.
    public let packedArticles: Int
    /// The archive indexes whose words were listed (`ArchiveWords`): those of archives imported before
    /// the lists were kept, or with months forgotten.
    public let listedIndexes: Int
    /// The archive indexes whose sets of articles per common word were made (`ArchiveWordSets`).
    public let indexesWithWordSets: Int
    /// Whether the file was rewritten (not when it had no free page, nothing packed, and gave pages back already).
    public let rewritten: Bool
}

/// How far a compaction is.
public enum CompactionStep: Sendable, Equatable {
    /// Packing the texts of rows written before packing: the fraction of the articles gone through.
    case packing(Double)
    /// Listing the words of archive indexes without a list: the fraction of those indexes listed.
    case listingWords(Double)
    /// Making the sets of articles per common word of archive indexes without them: the fraction made.
    case makingWordSets(Double)
    /// Rewriting the file (one `VACUUM`, with no progress of its own).
    case rewriting
}

extension ArticleStore {
    /// Articles whose texts are packed in one transaction: the WAL stays small, and a compaction cut short
    /// keeps what it packed.
    static let compactionChunk = 20_000

    /// Packs the texts of rows written before packing (`PackedText`), a chunk of ids at a time, lists the
    /// words of the archive indexes that have no list (`ArchiveWords.list`, an index a transaction), makes
    /// the sets of articles per common word of those without (`buildWordSets`), then rewrites
    /// the file without its free pages (`VACUUM`) and with `auto_vacuum = INCREMENTAL`, which only a rewrite
    /// can give a cache made before it, so that forgetting gives pages back from then on. The rewrite needs
    /// as much free disk again as the cache's articles take, and holds the cache's write lock while it runs.
    public func compact(progress: (CompactionStep) -> Void = { _ in }) throws(StoreError) -> Compaction {
        let before = try pages()
        let lastID = try read { db in try Int.fetchOne(db, sql: "SELECT max(id) FROM article") ?? 0 }
        var packed = 0
        var start = 0
        while start <= lastID {
            progress(.packing(Double(start) / Double(max(1, lastID))))
            let end = start + Self.compactionChunk
            packed += try write { db in
                try db.execute(sql: Self.packingStatement, arguments: [start, end])
                return db.changesCount
            }
            start = end
        }
        progress(.packing(1))
        let unlisted = try read { db in try ArchiveWords.unlisted(in: db) }
        for (done, partition) in unlisted.enumerated() {
            progress(.listingWords(Double(done) / Double(unlisted.count)))
            try write { db in try ArchiveWords.list(partition, in: db) }
        }
        let withWordSets = try buildWordSets { progress(.makingWordSets($0)) }
        let givesPagesBack = try read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") } == 2
        guard before.free > 0 || packed > 0 || !givesPagesBack else {
            return Compaction(
                bytesBefore: before.total, bytesAfter: before.total, packedArticles: 0,
                listedIndexes: unlisted.count, indexesWithWordSets: withWordSets, rewritten: false)
        }
        progress(.rewriting)
        try onWritingConnection { db in
            try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
            try db.execute(sql: "VACUUM")
        }
        checkpoint()
        return Compaction(
            bytesBefore: before.total, bytesAfter: try pages().total, packedArticles: packed,
            listedIndexes: unlisted.count, indexesWithWordSets: withWordSets, rewritten: true)
    }

    /// Makes the sets of articles per common word (`ArchiveWordSets`) of the archive indexes that have
    /// none (imported before they were made, or written into since), an index a transaction, and says how
    /// far it is (0…1): the number of indexes gone through. A year of the whole NYT (144,347 articles)
    /// takes 1.6 s, a decade of 1.4 million 13.5 s.
    /// With `months`, only the indexes those months are in (an import made them, or wrote into them).
    @discardableResult
    public func buildWordSets(of months: [ArchiveMonth]? = nil, progress: (Double) -> Void = { _ in }) throws(StoreError) -> Int {
        let wanted = months.map { Set($0.map { ArchiveIndex.partition(forYear: $0.year) }) }
        let unbuilt = try read { db in try ArchiveWordSets.unbuilt(in: db) }.filter { wanted?.contains($0) ?? true }
        for (done, partition) in unbuilt.enumerated() {
            progress(Double(done) / Double(unbuilt.count))
            try write { db in try ArchiveWordSets.build(partition, in: db) }
        }
        progress(1)
        return unbuilt.count
    }

    /// Packs every packed column of the articles with ids from `?1` up to `?2` whose stored text packing
    /// would make smaller (rows written before packing): those columns' only writers pack, so each such
    /// value is text a row kept from before, read as it is until then.
    private static let packingStatement: String = {
        let columns = PackedText.columns.sorted()
        let sets = columns.map { "\($0) = CASE typeof(\($0)) WHEN 'text' THEN nytpack(\($0)) ELSE \($0) END" }
        let unpacked = columns.map { "(typeof(\($0)) = 'text' AND nytpack(\($0)) IS NOT \($0))" }
        return "UPDATE article SET \(sets.joined(separator: ", ")) WHERE id >= ?1 AND id < ?2 AND (\(unpacked.joined(separator: " OR ")))"
    }()
}
