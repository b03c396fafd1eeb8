import NewsCore
import SQLite

/// Full-text queries over `articleFTS` and the archive's yearly indexes (words without case or accents;
/// `ArchiveIndex`) and `articleCJK` (bigrams of text written without spaces). Ranked by `nytrank` (bm25
/// without document frequencies; bm25 itself for CJK text) among the newest matches: those of
/// `articleFTS`, then of each archive year from the newest, until the window of candidates is full (on two
/// connections side by side when a second is free: `NewestMatches`). A query that matches most of a large
/// cache costs no more than one that matches a few thousand articles. Only the last word is a prefix
/// (`SearchTerms`); when that finds nothing, the search is made once more with every word a prefix, so
/// that `elect den` still finds "Election in Denmark".
struct ArticleSearch {
    let db: Database
    /// The feed whose articles are searched; nil for every article cached.
    var feed: Feed? = nil
    /// The connections `db` is one of: another may read indexes beside it (`NewestMatches`).
    var pool: (any DatabaseWriter)? = nil

    /// Matches ranked per query (or the limit, when larger): the most recently stored ones (highest rowid)
    /// when there are more.
    static let candidates = 1_000
    /// The window this search ranks in (tests make it small).
    var window = ArticleSearch.candidates
    /// Whether an archive index whose matches are all expected to count is read oldest first in one pass
    /// (`NewestMatches.IndexRead.expectsAll`); without, every index is read newest first (tests compare).
    var readsSparseIndexesOldestFirst = true
    /// When an archive index's sets of articles per common word (`ArchiveWordSets`) give the candidates of
    /// a query whose words are all common there, instead of FTS5's walk of the words' lists.
    enum WordSetUse {
        /// When ranking the candidates costs less than the walk (`Candidates.costLessThanLists`).
        case whenCheaper
        /// Whenever the words have sets (tests compare the two ways).
        case always
        case never
    }

    var wordSets = WordSetUse.whenCheaper

    /// Weights of title, abstract, lead paragraph and byline.
    private static let weights = "8.0, 3.0, 2.0, 1.0"

    /// The best `limit` matches of `terms`, or when there are none, of `terms.everyWordAsPrefix`; each
    /// snippet marks the words of the terms that found it.
    func hits(for terms: SearchTerms, limit: Int) throws -> [SearchHit] {
        let best = try bestMatches(for: terms, limit: limit)
        if best.isEmpty, let broader = terms.everyWordAsPrefix {
            return try hits(best: bestMatches(for: broader, limit: limit), terms: broader)
        }
        return try hits(best: best, terms: terms)
    }

    /// The ids of the best `limit` matches of `terms`, best first.
    private func bestMatches(for terms: SearchTerms, limit: Int) throws -> [Int64] {
        let candidates = max(window, limit)
        var scored: [(id: Int64, score: Double)] = []
        switch (try terms.wordTerms(tokens: IndexTokenizer(db: db).tokens), terms.cjkExpression) {
        case (let words?, let cjk):
            let partitions = try searchedPartitions()
            let keepsWords = try ArchiveWords.exists(in: db)
            let keepsWordSets = try wordSets != .never && cjk == nil && feed == nil && ArchiveWordSets.exists(in: db)
            let feed = feed
            let feedArguments = feedArguments
            let wordSets = wordSets
            let sizing: NewestMatches.Sizing = { db in
                let counts = try ArchiveSpans.articleCounts(in: db)
                return partitions.map { counts[$0] ?? 0 }
            }
            scored = try NewestMatches.find(
                indexes: partitions.count, candidates: candidates, db: db, pool: pool,
                sizing: readsSparseIndexesOldestFirst ? sizing : nil
            ) { db, read in
                let partition = partitions[read.index]
                // A prefix the index's list of words (`ArchiveWords`) knows to be one word is searched as that
                // word; one no word starts with leaves nothing to read.
                guard
                    let expression = try SearchTerms.expression(
                        of: words, prefix: { keepsWords ? try ArchiveWords.prefix($0, in: partition, db: db) : .unknown })
                else { return [] }
                var arguments = [expression.text.databaseValue]
                if let cjk { arguments.append(cjk.databaseValue) }
                let index = IndexQuery(
                    db: db, table: ArchiveIndex.table(partition), cjkFilter: cjk != nil, feed: feed,
                    arguments: arguments + feedArguments)
                // A query of words all common in the index that rarely go together: its candidates from the
                // sets of their articles.
                if keepsWordSets, let words = expression.wholeWords, Set(words).count > 1,
                    let candidates = try ArchiveWordSets.candidates(of: words, in: partition, db: db),
                    wordSets == .always || candidates.costLessThanLists(limit: read.limit)
                {
                    return try index.rankedCandidates(candidates.ids, words: words, partition: partition, read)
                }
                return try index.newestMatches(read)
            }
        case (nil, let cjk?):
            let sql = Self.matches(table: "articleCJK", weights: "", cjkFilter: false, feed: feed, oldestFirst: false)
            let arguments = StatementArguments([cjk.databaseValue] + feedArguments + [candidates.databaseValue])
            scored = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { try ($0[0], $0[1]) }
        case (nil, nil):
            return []
        }
        return scored.sorted { ($0.score, -$0.id) < ($1.score, -$1.id) }.prefix(limit).map(\.id)
    }

    /// The articles `best` (ids, best first) in that order, with snippets marking the words of `terms`.
    private func hits(best: [Int64], terms: SearchTerms) throws -> [SearchHit] {
        let rank = Dictionary(best.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        guard !best.isEmpty else { return [] }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT \(ArticleColumns.selection), a.id FROM article a
                WHERE a.id IN (\(Array(repeating: "?", count: best.count).joined(separator: ",")))
                """, arguments: StatementArguments(best))
        let ranked = try rows.map { row in (rank: try rank[row["id"] as Int64] ?? 0, row: row) }
        return try ranked.sorted { $0.rank < $1.rank }.map { ranked in
            let entry = try ArticleColumns.entry(from: ranked.row)
            let article = entry.article
            let snippet = SearchSnippet.make(
                for: terms,
                in: [article.leadParagraph, article.abstract, article.title, article.byline]
            )
            return SearchHit(entry: entry, snippet: snippet)
        }
    }

    /// The partitions of the full-text tables to search, in order: every one, or for a feed, those that
    /// hold one of its articles (a month of the archive is in one; a live feed mostly in `articleFTS`).
    private func searchedPartitions() throws -> [Int] {
        let partitions = [ArchiveIndex.livePartition] + (try ArchiveIndex.partitions(in: db))
        guard let members = Self.members(of: feed) else { return partitions }
        let held = Set(
            try Int.fetchAll(
                db.cachedStatement(sql: "SELECT DISTINCT ftsPartition FROM article WHERE id IN (\(members))"),
                arguments: StatementArguments(feedArguments)))
        return partitions.filter(held.contains)
    }

    /// The ids of `feed`'s articles, as a query (with the arguments `feedArguments`); nil for every article.
    private static func members(of feed: Feed?) -> String? {
        switch feed {
        case nil: return nil
        case .saved?: return "SELECT id FROM article WHERE savedAt IS NOT NULL"
        case _?: return "SELECT fi.articleId FROM feed f JOIN feedItem fi ON fi.feedId = f.id WHERE f.key = ?"
        }
    }

    /// The arguments of the feed's filter in `newestMatches`: its key, for a feed with members.
    private var feedArguments: [DatabaseValue] {
        switch feed {
        case nil, .saved?: return []
        case let feed?: return [feed.key.databaseValue]
        }
    }

    /// The ids and scores (lower is better) of the newest `LIMIT ?` matches of `MATCH ?` in `table`, or of
    /// the first `LIMIT ?` oldest first (FTS5 walks its doclists in rowid order: no sort, and it stops at
    /// the limit), among the articles of `feed` when given (the feed's key `?`). A feed's articles are a
    /// filter on each match (`+rowid`): as a constraint on `rowid`, SQLite had the index look up each member
    /// in turn, about 0.2 ms each (a feed of 100,000 articles took 21 to 49 s a query; a month of the
    /// archive 1.5 s, against 10 ms).
    static func matches(table: String, weights: String, cjkFilter: Bool, feed: Feed?, oldestFirst: Bool) -> String {
        let feedFilter = members(of: feed).map { "AND +rowid IN (\($0))" } ?? ""
        return """
            SELECT rowid AS id, \(weights.isEmpty ? "bm25(\(table))" : "nytrank(\(table), \(weights))") AS score FROM \(table)
            WHERE \(table) MATCH ?
            \(cjkFilter ? "AND rowid IN (SELECT rowid FROM articleCJK WHERE articleCJK MATCH ?)" : "")
            \(feedFilter)
            ORDER BY rowid \(oldestFirst ? "ASC" : "DESC") LIMIT ?
            """
    }

    /// One full-text index's matches of a search: the statement `matches` on `table` with `arguments` (the
    /// query, the CJK filter's, the feed's), the limit added.
    struct IndexQuery {
        let db: Database
        let table: String
        let cjkFilter: Bool
        let feed: Feed?
        let arguments: [DatabaseValue]

        /// The index's newest matches while `read` wants them. When every match is expected to count
        /// (`read.expectsAll`), they are read in one pass oldest first and put newest first; finding more
        /// than the read's limit that way, the index is read again newest first, so a wrong guess costs at
        /// most one more read of what the limit takes.
        func newestMatches(_ read: NewestMatches.IndexRead) throws -> [NewestMatches.Match] {
            if read.expectsAll, let all = try allMatches(read) {
                var newestFirst = all.reversed().makeIterator()
                return Self.kept(by: read) { newestFirst.next() }
            }
            let rows = try fetch(oldestFirst: false, limit: read.limit)
            defer { rows.close() }
            return try Self.kept(by: read) { try rows.next().map { row in try (row[0], row[1]) } }
        }

        /// The matches among `candidates` (ids of articles of the index of `partition`, newest first) of the
        /// query of `words` (the tokens of the index's expression, in order), while `read` wants them: each
        /// candidate's text split again by the index's tokenizer and ranked as `nytrank` ranks the same row
        /// (`nytrankwords`); one that is not in the index, or does not hold every word, is passed over.
        func rankedCandidates(
            _ candidates: [Int64], words: [String], partition: Int, _ read: NewestMatches.IndexRead
        ) throws -> [NewestMatches.Match] {
            let statement = try db.cachedStatement(
                sql: """
                    SELECT nytrankwords(\(table), ?, \(ArchiveIndex.indexedText(of: "a")), \(ArticleSearch.weights))
                    FROM article a JOIN \(table) ON \(table).rowid = a.id
                    WHERE a.id = ? AND a.ftsPartition = ?
                    """)
            let query = words.joined(separator: " ")
            var remaining = candidates.makeIterator()
            return try Self.kept(by: read) {
                while let id = remaining.next() {
                    guard let score = try Double.fetchOne(statement, arguments: [query, id, partition]) else { continue }
                    return (id, score)
                }
                return nil
            }
        }

        /// The matches `next` gives, newest first, while `read` wants them.
        private static func kept(
            by read: NewestMatches.IndexRead, _ next: () throws -> NewestMatches.Match?
        ) rethrows -> [NewestMatches.Match] {
            var matches: [NewestMatches.Match] = []
            while read.wants(after: matches.count), let match = try next() {
                matches.append(match)
            }
            return matches
        }

        /// Every match of the index, oldest first; nil past the read's limit. Empty once the indexes before
        /// fill the window.
        private func allMatches(_ read: NewestMatches.IndexRead) throws -> [NewestMatches.Match]? {
            let rows = try fetch(oldestFirst: true, limit: read.limit + 1)
            defer { rows.close() }
            var matches: [NewestMatches.Match] = []
            while let row = try rows.next() {
                guard read.wants(after: 0) else { return [] }
                matches.append(try (row[0], row[1]))
            }
            return matches.count > read.limit ? nil : matches
        }

        private func fetch(oldestFirst: Bool, limit: Int) throws -> RowCursor {
            let sql = ArticleSearch.matches(
                table: table, weights: ArticleSearch.weights, cjkFilter: cjkFilter, feed: feed, oldestFirst: oldestFirst)
            return try Row.fetchCursor(
                db.cachedStatement(sql: sql), arguments: StatementArguments(arguments + [limit.databaseValue]))
        }
    }
}
