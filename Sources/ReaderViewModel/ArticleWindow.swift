import NewsCore

/// A contiguous run of a feed's articles held in memory: positions `start ..< start + entries.count`.
/// The list reads only windows, so a feed of 100,000 articles costs what a screenful does.
public struct ArticleWindow: Hashable, Sendable {
    public var start: Int
    public var entries: [ArticleEntry]

    public init(start: Int = 0, entries: [ArticleEntry] = []) {
        self.start = start
        self.entries = entries
    }

    public var range: Range<Int> { start..<(start + entries.count) }

    /// The entry at feed position `position`, when the window holds it.
    public func entry(at position: Int) -> ArticleEntry? {
        range.contains(position) ? entries[position - start] : nil
    }

    /// Replaces the entry with the same id, wherever it is in the window.
    mutating func replace(_ id: ArticleID, _ change: (inout ArticleEntry) -> Void) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        change(&entries[index])
    }
}
