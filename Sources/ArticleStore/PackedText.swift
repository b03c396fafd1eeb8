/// The article table's texts are stored packed (CPackedText): each value written with a fixed Huffman code
/// made from NYT text, a BLOB when that makes it smaller (an abstract about 60 % of its bytes), else TEXT as
/// before. SQL packs them as it writes them (`nytpack(?)`) and unpacks them as it reads them
/// (`nyttext(column)`), so every value that leaves the database is text again: the store's Swift code, the
/// full-text indexes (filled from the rows, and told which text to take out) and a refresh's comparisons
/// see only text. Rows written before packing keep their TEXT, which `nyttext` gives back as it is.
enum PackedText {
    /// The `article` columns stored packed: every text but the short codes (section, item type) and the
    /// `uri`, the key every refresh and read looks an article up by. The address is indexed by a key made
    /// from its text (`nytkey(nyttext(url))`, `article_urlKey`), whichever form a row holds.
    static let columns: Set<String> = ["url", "title", "kicker", "byline", "abstract", "leadParagraph", "thumbnailURL", "photo"]

    /// The SQL reading `column` of `article` (named through `table`, an alias, when given) as text.
    static func read(_ column: String, of table: String? = nil) -> String {
        let named = table.map { "\($0).\(column)" } ?? column
        return columns.contains(column) ? "nyttext(\(named))" : named
    }

    /// The SQL writing the bound value of `column` of `article`.
    static func written(_ column: String) -> String {
        columns.contains(column) ? "nytpack(?)" : "?"
    }
}
