import NewsCore
import SQLite

/// An article as a refresh writes it: its `uri` and the values of `ArticleColumns.written`, computed once.
/// A refresh set aside in batches (`StagedBatch`) is read back as these, not as articles: the values are
/// what the rows take, so rebuilding each article only to compute them again is left out.
struct StoredArticle: Equatable {
    let id: ArticleID
    /// The `written` columns' values, in their order.
    let values: [DatabaseValue]

    init(_ article: Article) {
        id = article.id
        values = ArticleColumns.writtenValues(of: article)
    }

    init(id: ArticleID, values: [DatabaseValue]) {
        self.id = id
        self.values = values
    }

    /// Title, abstract, lead paragraph and byline, as an article read back has them (a lead stored empty
    /// is the abstract's): the text the CJK index takes.
    var indexedText: [String] {
        let (title, abstract, lead, byline) = Self.indexedColumns
        func text(_ index: Int) -> String { String.fromDatabaseValue(values[index]) ?? "" }
        let storedLead = text(lead)
        return [text(title), text(abstract), storedLead.isEmpty ? text(abstract) : storedLead, text(byline)]
    }

    /// Where title, abstract, lead paragraph and byline sit in `ArticleColumns.written`, found once.
    private static let indexedColumns = (
        ArticleColumns.written.firstIndex(of: "title")!, ArticleColumns.written.firstIndex(of: "abstract")!,
        ArticleColumns.written.firstIndex(of: "leadParagraph")!, ArticleColumns.written.firstIndex(of: "byline")!
    )
}
