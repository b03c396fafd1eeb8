/// The colors a picture in symbols is drawn with.
public enum SymbolColors: String, Hashable, Sendable, CaseIterable {
    /// 24-bit colors.
    case truecolor
    /// Colors 16–255 of the 256-color palette (0–15 are the user's theme, whose colors are unknown).
    case palette
    /// Colors 0–15, on a terminal that has no more.
    case sixteen
    /// Colors 0–7, on a terminal that has no more.
    case eight

    /// The most colors a terminal of `colorCount` colors shows (terminfo's `colors`); nil for fewer than 8.
    public init?(colorCount: Int) {
        switch colorCount {
        case (1 << 24)...: self = .truecolor
        case 256...: self = .palette
        case 16...: self = .sixteen
        case 8...: self = .eight
        default: return nil
        }
    }
}
