import FoundationEssentials
import NewsCore

/// A live full-text search of the cache that replaces the list's rows while it is active.
public struct SearchFilter: Hashable, Sendable {
    /// The words typed so far.
    public var text: String
    /// Whether keys still type into the search (until Enter keeps it or Esc clears it).
    public var isEditing: Bool
    /// The words whose hits the list shows; nil while the list still shows the feed.
    public var shownText: String?
    /// How many hits the list shows.
    public var hitCount: Int

    public init(text: String = "", isEditing: Bool = true, shownText: String? = nil, hitCount: Int = 0) {
        self.text = text
        self.isEditing = isEditing
        self.shownText = shownText
        self.hitCount = hitCount
    }

    /// Whether the list shows search hits rather than the feed.
    public var showsHits: Bool { shownText != nil }

    /// The words typed, without surrounding spaces (as shown).
    public var words: String { text.trimmed() }

    /// The words to search for: `words`, and one space after them when `text` ends in spaces (it tells the
    /// store the last word is finished, to be matched whole rather than by prefix).
    public var query: String {
        guard !words.isEmpty, text.last?.isWhitespace == true else { return words }
        return words + " "
    }
}
