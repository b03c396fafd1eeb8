/// A picture ready for the terminal.
public enum RenderedPicture: Hashable, Sendable {
    case symbols(SymbolPicture)
    case graphics(GraphicsPicture)

    /// The cells it covers.
    public var box: CellBox {
        switch self {
        case .symbols(let picture): picture.box
        case .graphics(let picture): picture.box
        }
    }
}
