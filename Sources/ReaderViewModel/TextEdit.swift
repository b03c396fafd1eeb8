/// A key typed into the search field, which takes letters instead of actions while it is open.
public enum TextEdit: Hashable, Sendable {
    case insert(Character)
    case deleteBackward
    /// Enter: keep the search results as the list.
    case submit
    /// Esc: drop the search and show the feed again.
    case cancel
}
