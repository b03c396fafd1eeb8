/// The colors a picture in symbols is drawn with.
public enum SymbolColors: String, Hashable, Sendable, CaseIterable {
    /// 24-bit colors.
    case truecolor
    /// Colors 16–255 of the 256-color palette (0–15 are the user's theme, whose colors are unknown).
    case palette
}
