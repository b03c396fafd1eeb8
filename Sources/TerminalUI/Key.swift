/// A key press, decoded from the terminal.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl plus a letter, e.g. `.control("c")`.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace
    /// The terminal changed size.
    case resize
}
