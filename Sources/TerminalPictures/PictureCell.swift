/// One character cell of a picture drawn in symbols: a block, border or space character (one column
/// wide) with its colors.
public struct PictureCell: Hashable, Sendable {
    public var character: Unicode.Scalar
    public var foreground: PictureColor
    public var background: PictureColor

    public init(character: Unicode.Scalar, foreground: PictureColor, background: PictureColor) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}
