/// A key typed into a text field (the live search, or the NYT search prompt), which takes letters instead
/// of actions while it is open. Both are edited the same way (`LineEditor`).
public enum TextEdit: Hashable, Sendable {
    case insert(Character)
    case deleteBackward
    /// Enter: keep the search results as the list, or run the NYT search.
    case submit
    /// Esc: drop the search (or the prompt).
    case cancel
    /// ←, →, Home (Ctrl-A), End (Ctrl-E): move the cursor (the NYT search prompt).
    case moveLeft, moveRight, moveToStart, moveToEnd
    /// Ctrl-U: delete everything before the cursor.
    case deleteToStart
    /// Ctrl-W, Alt-Backspace: delete the word before the cursor.
    case deleteWordBackward
    /// Alt-b, Alt-f: move the cursor to the start of the word before it, or past the end of the word after it
    /// (readline's).
    case moveWordBackward, moveWordForward
    /// Alt-d: delete from the cursor to the end of the word after it.
    case deleteWordForward
    /// ↑ and ↓: the prompt's earlier entry, or the next one (back to the line being typed).
    case previousEntry, nextEntry
    /// Tab in the live search: search the feed on screen or everything cached.
    case switchScope
}
