/// A picture drawn by a terminal graphics protocol: the escapes to write with the cursor at the box's
/// top left cell. They hold no text from the picture's source, only pixels encoded by libchafa.
public struct GraphicsPicture: Hashable, Sendable {
    public let graphicsProtocol: PictureProtocol
    /// The cells the picture covers.
    public let box: CellBox
    public let escapes: [UInt8]

    public init(graphicsProtocol: PictureProtocol, box: CellBox, escapes: [UInt8]) {
        self.graphicsProtocol = graphicsProtocol
        self.box = box
        self.escapes = escapes
    }
}
