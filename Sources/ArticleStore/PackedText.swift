/// The article table's texts are stored packed (CPackedText): each value written with a fixed Huffman code
/// made from NYT text, a BLOB when that makes it smaller (an abstract about 60 % of its bytes), else TEXT as
/// before. SQL packs them as it writes them (`nytpack(?)`) and unpacks them as it reads them
/// (`nyttext(column)`), so every value that leaves the database is text again: the store's Swift code, the
/// full-text indexes (filled from the rows, and told which text to take out) and a refresh's comparisons
/// see only text. Rows written before packing keep their TEXT, which `nyttext` gives back as it is.
enum PackedText {
    /// The `article` columns stored packed: every text but the short codes (section, item type). The
    /// address is indexed by a key made from its text (`nytkey(nyttext(url))`, `article_urlKey`), whichever
    /// form a row holds; the `uri` is looked up in both forms (`isURI`).
    static let columns: Set<String> = [
        "uri", "url", "title", "kicker", "byline", "abstract", "leadParagraph", "thumbnailURL", "photo",
    ]

    /// The SQL reading `column` of `article` (named through `table`, an alias, when given) as text.
    static func read(_ column: String, of table: String? = nil) -> String {
        let named = table.map { "\($0).\(column)" } ?? column
        return columns.contains(column) ? "nyttext(\(named))" : named
    }

    /// The SQL writing the bound value of `column` of `article`.
    static func written(_ column: String) -> String {
        columns.contains(column) ? "nytpack(?)" : "?"
    }

    /// The SQL condition that `table`'s `uri` is the statement's parameter number `parameter`, stored packed
    /// (`nyt://article/` and a UUID take 18 bytes instead of 50, in the row and in the unique index on it)
    /// or as rows written before packing hold it. Parameters after it without a number take the numbers
    /// after it, so a statement's arguments stay in the order of its `?`s.
    static func isURI(_ table: String, parameter: Int) -> String {
        "\(table).uri IN (?\(parameter), nytpack(?\(parameter)))"
    }

    /// The SQL condition that `table`'s `uri` is one of those of the statement's one parameter, a JSON array
    /// of them (`JSONList.of`), in either form (`isURI`).
    static func areURIs(_ table: String) -> String {
        "\(table).uri IN (SELECT value FROM json_each(?1) UNION ALL SELECT nytpack(value) FROM json_each(?1))"
    }
}
