import TerminalPictures

/// A photo reply: any bytes, as the image host might send them, through the decoder the reader keeps them
/// by (`rejects`, the smallest size) and the one it draws them with (fitted into a box of the detail
/// pane). Neither may crash or read past the bytes (the C glue around libjpeg-turbo and libpng: scaling,
/// CMYK to RGB, the limits); a picture decoded is within the limits and holds its pixels.
enum PictureTarget {
    static let decoder = PictureDecoder(maximumPixelCount: 4_000_000, maximumWorkingBytes: 32 << 20)

    static let target = FuzzTarget(name: "picture") { bytes in
        let input = Array(bytes)
        _ = decoder.rejects(input)
        guard let pixels = try? decoder.decode(input, fitting: PixelSize(width: 96, height: 64)) else { return }
        let size = pixels.size
        FuzzCheck.require(size.width > 0 && size.height > 0, "an empty picture: \(size)")
        FuzzCheck.require(size.width * size.height <= decoder.maximumPixelCount, "past the pixel limit: \(size)")
        FuzzCheck.require(pixels.rgba.count == size.width * size.height * 4, "\(pixels.rgba.count) bytes for \(size)")
    }
}
