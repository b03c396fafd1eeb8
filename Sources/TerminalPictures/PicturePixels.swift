/// A decoded picture: RGBA, 8 bits a channel (alpha not premultiplied), rows top to bottom, packed.
public struct PicturePixels: Hashable, Sendable {
    public let size: PixelSize
    /// `size.width * size.height * 4` bytes.
    public let rgba: [UInt8]

    /// Pixels of `size`; nil when `rgba` does not hold exactly that many.
    public init?(size: PixelSize, rgba: [UInt8]) {
        let area = size.width.multipliedReportingOverflow(by: size.height)
        let bytes = area.partialValue.multipliedReportingOverflow(by: 4)
        guard size.width > 0, size.height > 0, !area.overflow, !bytes.overflow, bytes.partialValue == rgba.count
        else { return nil }
        self.size = size
        self.rgba = rgba
    }
}
