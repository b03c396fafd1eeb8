import GRDB
import NewsCore

/// Full-text queries over `articleFTS` (words without case or accents) and `articleCJK` (bigrams of text
/// written without spaces). Ranked by bm25 among the most recently stored matches, so a query that
/// matches most of a large cache costs no more than one that matches a few thousand articles.
struct ArticleSearch {
    let db: Database

    /// Matches ranked per query (or the limit, when larger): the most recently stored ones (highest rowid)
    /// when there are more.
    static let candidates = 1_000

    /// bm25 weights of title, abstract, lead paragraph and byline.
    private static let weights = "8.0, 3.0, 2.0, 1.0"

    func hits(for terms: SearchTerms, limit: Int) throws -> [SearchHit] {
        let candidates = max(Self.candidates, limit)
        let ranked: String
        let arguments: StatementArguments
        switch (terms.wordExpression, terms.cjkExpression) {
        case (let words?, nil):
            ranked = Self.ranked(table: "articleFTS", weights: Self.weights, cjkFilter: false)
            arguments = [words, candidates, limit]
        case (let words?, let cjk?):
            ranked = Self.ranked(table: "articleFTS", weights: Self.weights, cjkFilter: true)
            arguments = [words, cjk, candidates, limit]
        case (nil, let cjk?):
            ranked = Self.ranked(table: "articleCJK", weights: "", cjkFilter: false)
            arguments = [cjk, candidates, limit]
        case (nil, nil):
            return []
        }
        let statement = try db.cachedStatement(sql: """
            SELECT \(ArticleColumns.selection) FROM (\(ranked)) AS best
            JOIN article a ON a.id = best.id ORDER BY best.score
            """)
        return try Row.fetchAll(statement, arguments: arguments).map { row in
            let entry = ArticleColumns.entry(from: row)
            let article = entry.article
            let snippet = SearchSnippet.make(
                for: terms,
                in: [article.leadParagraph, article.abstract, article.title, article.byline]
            )
            return SearchHit(entry: entry, snippet: snippet)
        }
    }

    /// The ids and bm25 scores of the best `LIMIT ?` among the newest `LIMIT ?` matches of `MATCH ?`.
    private static func ranked(table: String, weights: String, cjkFilter: Bool) -> String {
        """
        SELECT id, score FROM (
            SELECT rowid AS id, bm25(\(table)\(weights.isEmpty ? "" : ", " + weights)) AS score FROM \(table)
            WHERE \(table) MATCH ?
            \(cjkFilter ? "AND rowid IN (SELECT rowid FROM articleCJK WHERE articleCJK MATCH ?)" : "")
            ORDER BY rowid DESC LIMIT ?
        ) ORDER BY score LIMIT ?
        """
    }
}
