import NewsCore

/// The prompts whose entries are remembered: the live search (`/`) and the NYT search (`f`).
public enum PromptKind: String, Hashable, Sendable, CaseIterable {
    case search
    case nytSearch = "nyt_search"
}

/// What was entered at each prompt, oldest first, kept across runs (the reader loads it at start and
/// stores it again after each entry).
public struct PromptHistory: Hashable, Sendable {
    /// Entries kept per prompt; the oldest go first.
    public static let capacity = 100

    private var entries: [PromptKind: [String]]

    /// - Parameter entries: each prompt's entries, oldest first; blank ones and all but the last
    ///   `capacity` are dropped.
    public init(_ entries: [PromptKind: [String]] = [:]) {
        self.entries = entries.mapValues { Array($0.filter { !$0.trimmed().isEmpty }.suffix(Self.capacity)) }
    }

    /// The entries of `kind`, oldest first.
    public func entries(for kind: PromptKind) -> [String] {
        entries[kind] ?? []
    }

    /// Adds `text` as the newest entry of `kind` (once: an earlier equal entry moves up), unless it is blank.
    public mutating func record(_ text: String, for kind: PromptKind) {
        let text = text.trimmed()
        guard !text.isEmpty else { return }
        var list = entries[kind] ?? []
        list.removeAll { $0 == text }
        list.append(text)
        entries[kind] = Array(list.suffix(Self.capacity))
    }
}

/// Where ↑ and ↓ are in a prompt's history: nil while the line is the person's own, else the index of the
/// entry shown; the line as it was before ↑ comes back after the newest entry.
struct HistoryCursor: Hashable, Sendable {
    private var index: Int?
    private var draft = ""

    /// Moves `steps` entries back (negative: ↑) or forward (positive: ↓) through `entries` (oldest first)
    /// and puts the entry, or the draft, into `editor`. Nothing happens past either end.
    mutating func move(_ steps: Int, through entries: [String], editor: inout LineEditor) {
        guard !entries.isEmpty else { return }
        let current = index ?? entries.count
        let target = min(max(0, current + steps), entries.count)
        guard target != current else { return }
        if index == nil { draft = editor.text }
        if target == entries.count {
            index = nil
            editor = LineEditor(draft)
        } else {
            index = target
            editor = LineEditor(entries[target])
        }
    }
}
