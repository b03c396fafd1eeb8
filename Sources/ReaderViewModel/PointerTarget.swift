/// What the mouse pointer is over, as the terminal UI works it out from its layout.
public enum PointerTarget: Hashable, Sendable {
    /// A row of the article list, counted from its first row on screen.
    case listRow(Int)
    /// The detail pane.
    case detail
    /// The header, the status line, the separator; outside an open overlay.
    case elsewhere
    /// An entry of the open section picker, by its index in `ReaderState.pickerEntries`.
    case pickerEntry(Int)
    /// Inside an open overlay, on no entry (its frame).
    case overlay
}
