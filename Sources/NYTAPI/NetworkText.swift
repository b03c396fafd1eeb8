import NewsCore

/// A text field of an NYT answer as the cache keeps it: HTML entities decoded (`&amp;`, `&#8217;`), then
/// escape sequences and controls taken out under NewsCore's `StoredText` rule, so no NUL or escape byte
/// reaches a column, the full-text index or an output (a NUL, `\u0000` in the JSON, ends a title for
/// SQLite's text functions and hides the words after it from search).
///
/// Identifiers and addresses are not repaired: one that holds a control is refused (`hasControl`).
enum NetworkText {
    /// A single-line field.
    static func line(_ text: String) -> String {
        StoredText.line(HTMLEntities.decode(text))
    }

    /// A paragraph field: its line feeds kept.
    static func paragraph(_ text: String) -> String {
        StoredText.paragraph(HTMLEntities.decode(text))
    }

    /// Whether `text` holds a C0 control or DEL.
    static func hasControl(_ text: String) -> Bool {
        text.containsUTF8Byte { $0 < 0x20 || $0 == 0x7F }
    }
}
