/// What the mouse pointer is over, as the terminal UI works it out from its layout.
public enum PointerTarget: Hashable, Sendable {
    /// A row of the article list, counted from its first row on screen.
    case listRow(Int)
    /// The detail pane.
    case detail
    /// The header, the status line, the separator.
    case elsewhere
}
