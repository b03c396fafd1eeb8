/// The color of a cell's character or background in a picture drawn in symbols.
public enum PictureColor: Hashable, Sendable {
    /// A 24-bit color (`SymbolColors.truecolor`).
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
    /// An index of the 256-color palette: 16…255 (`SymbolColors.palette`), 0…15 (`.sixteen`) or 0…7
    /// (`.eight`).
    case palette(UInt8)
    /// The terminal's own color: where the picture is transparent.
    case terminalDefault
}
