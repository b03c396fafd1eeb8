/// A text field of an NYT answer as the cache keeps it: HTML entities decoded (`&amp;`, `&#8217;`), then
/// the C0 controls (U+0000–U+001F) and DEL taken out, so no NUL or escape byte reaches a column, the
/// full-text index or an output (a NUL, `\u0000` in the JSON, ends a title for SQLite's text functions and
/// hides the words after it from search). A run of controls between two words becomes one space, so the
/// words stay two; next to white space or at either end it goes. A line (title, byline, kicker, section)
/// keeps no line break: tab, line feed and carriage return are controls like the others there. A
/// paragraph (abstract, lead paragraph) keeps its line feeds.
///
/// Identifiers and addresses are not repaired: one that holds a control is refused (`hasControl`).
enum NetworkText {
    /// A single-line field.
    static func line(_ text: String) -> String {
        withoutControls(HTMLEntities.decode(text), keepingLineFeeds: false)
    }

    /// A paragraph field: its line feeds kept.
    static func paragraph(_ text: String) -> String {
        withoutControls(HTMLEntities.decode(text), keepingLineFeeds: true)
    }

    /// Whether `text` holds a C0 control or DEL.
    static func hasControl(_ text: String) -> Bool {
        text.utf8.contains { isControl($0, keepingLineFeeds: false) }
    }

    @inline(__always)
    private static func isControl(_ byte: UInt8, keepingLineFeeds: Bool) -> Bool {
        (byte < 0x20 && !(keepingLineFeeds && byte == 0x0A)) || byte == 0x7F
    }

    private static func withoutControls(_ text: String, keepingLineFeeds: Bool) -> String {
        guard text.utf8.contains(where: { isControl($0, keepingLineFeeds: keepingLineFeeds) }) else { return text }
        var kept = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        var inRun = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII, isControl(UInt8(scalar.value), keepingLineFeeds: keepingLineFeeds) {
                inRun = true
                continue
            }
            if inRun, let previous, !previous.properties.isWhitespace, !scalar.properties.isWhitespace {
                kept.append(" ")
            }
            inRun = false
            kept.append(scalar)
            previous = scalar
        }
        return String(kept)
    }
}
