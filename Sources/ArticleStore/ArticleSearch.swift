import CFTSRank
import NewsCore
import SQLite

/// Full-text queries over `articleFTS` and the archive's yearly indexes (words without case or accents;
/// `ArchiveIndex`) and `articleCJK` (bigrams of text written without spaces). Ranked by `nytrank` (bm25
/// without document frequencies; bm25 itself for CJK text) among the newest matches: those of
/// `articleFTS`, then of each archive year from the newest, until the window of
/// candidates is full. A query that matches most of a large cache costs no more than one that matches a
/// few thousand articles. Only the last word is a prefix (`SearchTerms`); when that finds nothing, the
/// search is made once more with every word a prefix, so that `elect den` still finds "Election in
/// Denmark".
struct ArticleSearch {
    let db: Database

    /// Matches ranked per query (or the limit, when larger): the most recently stored ones (highest rowid)
    /// when there are more.
    static let candidates = 1_000

    /// Weights of title, abstract, lead paragraph and byline.
    private static let weights = "8.0, 3.0, 2.0, 1.0"

    /// Makes `nytrank` (CFTSRank: bm25 without its document frequencies, which FTS5 finds by reading every
    /// match of each word in the whole index) available on `db`.
    static let registerRanking: @Sendable (Database) throws -> Void = { db in
        let code = nyt_register_rank(db.sqliteConnection)
        guard code == sqliteOK else { throw RankingUnavailable(code: code) }
    }

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
        let candidates = max(Self.candidates, limit)
        var scored: [(id: Int64, score: Double)] = []
        switch (terms.wordExpression, terms.cjkExpression) {
        case (let words?, let cjk):
            // The indexes newest first, until the window of candidates is full.
            for table in try ArchiveIndex.tables(in: db) where scored.count < candidates {
                let sql = Self.newestMatches(table: table, weights: Self.weights, cjkFilter: cjk != nil)
                let arguments: StatementArguments =
                    cjk.map { [words, $0, candidates - scored.count] } ?? [words, candidates - scored.count]
                scored += try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { ($0[0], $0[1]) }
            }
        case (nil, let cjk?):
            let sql = Self.newestMatches(table: "articleCJK", weights: "", cjkFilter: false)
            scored = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [cjk, candidates]).map { ($0[0], $0[1]) }
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
        return rows.sorted { rank[$0["id"] as Int64] ?? 0 < rank[$1["id"] as Int64] ?? 0 }.map { row in
            let entry = ArticleColumns.entry(from: row)
            let article = entry.article
            let snippet = SearchSnippet.make(
                for: terms,
                in: [article.leadParagraph, article.abstract, article.title, article.byline]
            )
            return SearchHit(entry: entry, snippet: snippet)
        }
    }

    /// The ids and scores (lower is better) of the newest `LIMIT ?` matches of `MATCH ?` in `table` (FTS5
    /// walks its doclists in rowid order: no sort, and it stops at the limit).
    private static func newestMatches(table: String, weights: String, cjkFilter: Bool) -> String {
        """
        SELECT rowid AS id, \(weights.isEmpty ? "bm25(\(table))" : "nytrank(\(table), \(weights))") AS score FROM \(table)
        WHERE \(table) MATCH ?
        \(cjkFilter ? "AND rowid IN (SELECT rowid FROM articleCJK WHERE articleCJK MATCH ?)" : "")
        ORDER BY rowid DESC LIMIT ?
        """
    }
}

/// The ranking function could not be added to a connection (an SQLite without FTS5).
struct RankingUnavailable: Error, CustomStringConvertible {
    let code: Int32
    var description: String { "full-text ranking is not available in this SQLite (error \(code))" }
}

/// SQLITE_OK, as the C function answers it.
private let sqliteOK: Int32 = 0
