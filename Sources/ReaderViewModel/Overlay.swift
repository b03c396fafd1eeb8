/// A panel drawn over the panes; while one is open, keys act on it.
public enum Overlay: Hashable, Sendable {
    /// Every key and what it does, and the NYT attribution.
    case help
    /// The list of feeds to switch to; `selection` indexes `ReaderState.pickerEntries` (always a feed's row
    /// while there is one).
    case sectionPicker(selection: Int)
    /// The chart of the search's words over the archive, and the period highlighted.
    case trend(TrendOverlay)
}
