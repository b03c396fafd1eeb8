import GRDB
import NewsCore

/// Full-text queries over `articleFTS` (words, by prefix, without case or accents) and `articleCJK`
/// (bigrams of text written without spaces).
struct ArticleSearch {
    let db: Database

    /// bm25 weights of title, abstract, lead paragraph and byline.
    private static let weights = "8.0, 3.0, 2.0, 1.0"

    func hits(for terms: SearchTerms, limit: Int) throws -> [SearchHit] {
        switch (terms.wordExpression, terms.cjkExpression) {
        case (let words?, nil):
            return try wordHits(sql: Self.wordSQL(filteringCJK: false), arguments: [words, limit])
        case (let words?, let cjk?):
            return try wordHits(sql: Self.wordSQL(filteringCJK: true), arguments: [words, cjk, limit])
        case (nil, let cjk?):
            let statement = try db.cachedStatement(sql: """
                SELECT \(ArticleColumns.selection) FROM articleCJK
                JOIN article a ON a.id = articleCJK.rowid
                WHERE articleCJK MATCH ? ORDER BY bm25(articleCJK) LIMIT ?
                """)
            return try Row.fetchAll(statement, arguments: [cjk, limit]).map { row in
                let entry = ArticleColumns.entry(from: row)
                let article = entry.article
                let snippet = CJKText.snippet(
                    around: terms.cjkRuns,
                    in: [article.title, article.abstract, article.leadParagraph, article.byline]
                )
                return SearchHit(entry: entry, snippet: snippet)
            }
        case (nil, nil):
            return []
        }
    }

    private static func wordSQL(filteringCJK: Bool) -> String {
        """
        SELECT \(ArticleColumns.selection),
               snippet(articleFTS, -1, char(57344), char(57345), '…', 12)
        FROM articleFTS JOIN article a ON a.id = articleFTS.rowid
        WHERE articleFTS MATCH ?
        \(filteringCJK ? "AND a.id IN (SELECT rowid FROM articleCJK WHERE articleCJK MATCH ?)" : "")
        ORDER BY bm25(articleFTS, \(weights)) LIMIT ?
        """
    }

    private func wordHits(sql: String, arguments: StatementArguments) throws -> [SearchHit] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
            SearchHit(entry: ArticleColumns.entry(from: row), snippet: row[15])
        }
    }
}
