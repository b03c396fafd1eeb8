import FoundationEssentials
import NewsCore

/// A live full-text search of the cache that replaces the list's rows while it is active.
public struct SearchFilter: Hashable, Sendable {
    /// The line typed so far, with its cursor.
    public var editor: LineEditor
    /// Whether keys still type into the search (until Enter keeps it or Esc clears it).
    public var isEditing: Bool
    /// The words whose hits the list shows; nil while the list still shows the feed.
    public var shownText: String?
    /// The feed whose hits the list shows (nil: everything cached), with `shownText`.
    public var shownScope: Feed?
    /// How many hits the list shows.
    public var hitCount: Int
    /// The feed searched: the one on screen when the search started, or nil for every article cached
    /// (Tab switches between the two).
    public var scope: Feed?
    /// Where ↑/↓ are in the search's history.
    var recall = HistoryCursor()

    public init(
        text: String = "", isEditing: Bool = true, shownText: String? = nil, hitCount: Int = 0, scope: Feed? = nil,
        shownScope: Feed? = nil
    ) {
        self.editor = LineEditor(text)
        self.isEditing = isEditing
        self.shownText = shownText
        self.hitCount = hitCount
        self.scope = scope
        self.shownScope = shownText == nil ? nil : (shownScope ?? scope)
    }

    /// The line typed.
    public var text: String { editor.text }

    /// Whether the list shows search hits rather than the feed.
    public var showsHits: Bool { shownText != nil }

    /// Whether the hits shown are those of the words and scope asked for now.
    public var isCurrent: Bool { shownText == query && shownScope == scope }

    /// The words typed, without surrounding spaces (as shown).
    public var words: String { text.trimmed() }

    /// The words to search for: `words`, and one space after them when `text` ends in spaces (it tells the
    /// store the last word is finished, to be matched whole rather than by prefix).
    public var query: String {
        guard !words.isEmpty, text.last?.isWhitespace == true else { return words }
        return words + " "
    }
}
