import CPicture

/// Turns the bytes of a JPEG or PNG into RGBA pixels, within bounds: the bytes taken, the pixels a header
/// may declare (checked before anything is decompressed) and the decoder's working memory. Given the box a
/// picture will be shown in, it decodes at a fraction of the full size (never below what the box shows),
/// so a large photograph costs the memory of a small one. libjpeg-turbo and libpng are loaded on the
/// first decode of their format.
public struct PictureDecoder: Hashable, Sendable {
    /// The most bytes taken (default 16 MB).
    public var maximumByteCount: Int
    /// The most pixels a header may declare (default 25 megapixels).
    public var maximumPixelCount: Int
    /// The most memory the decoder may hold besides the pixels it returns (default 64 MB): a progressive
    /// JPEG's coefficients, an interlaced PNG held whole.
    public var maximumWorkingBytes: Int

    public init(
        maximumByteCount: Int = 16 << 20,
        maximumPixelCount: Int = 25_000_000,
        maximumWorkingBytes: Int = 64 << 20
    ) {
        self.maximumByteCount = maximumByteCount
        self.maximumPixelCount = maximumPixelCount
        self.maximumWorkingBytes = maximumWorkingBytes
    }

    /// The pixels of `bytes`. With `fitting`, the picture comes back scaled down (by a power of two for a
    /// JPEG, a whole factor for a PNG) as far as it can be while still covering what fitting it into that
    /// box, aspect kept, needs; without, at full size.
    public func decode(_ bytes: [UInt8], fitting target: PixelSize? = nil) throws(PictureError) -> PicturePixels {
        guard bytes.count <= maximumByteCount else { throw .tooManyBytes(count: bytes.count) }
        guard let format = PictureFormat(sniffing: bytes) else { throw .unrecognizedFormat }
        var limits = nyt_picture_limits(
            maximum_pixels: UInt64(clamping: maximumPixelCount),
            maximum_working_bytes: UInt64(clamping: maximumWorkingBytes),
            target_width: UInt32(clamping: target?.width ?? 0),
            target_height: UInt32(clamping: target?.height ?? 0)
        )
        var image = nyt_picture_image()
        bytes.withUnsafeBufferPointer { buffer in
            switch format {
            case .jpeg: nyt_picture_decode_jpeg(buffer.baseAddress, buffer.count, &limits, &image)
            case .png: nyt_picture_decode_png(buffer.baseAddress, buffer.count, &limits, &image)
            }
        }
        defer { nyt_picture_free(image.pixels) }
        guard image.status == NYT_PICTURE_OK, let pixels = image.pixels else {
            throw PictureError(
                status: image.status, message: Self.text(of: &image.message),
                width: image.width, height: image.height)
        }
        let size = PixelSize(width: Int(image.width), height: Int(image.height))
        let rgba = [UInt8](UnsafeBufferPointer(start: pixels, count: size.width * size.height * 4))
        guard let decoded = PicturePixels(size: size, rgba: rgba) else { throw .corrupt("an empty picture") }
        return decoded
    }

    /// Whether `bytes` are surely no picture this decoder draws: neither a JPEG nor a PNG, cut short,
    /// refused by the decoder or past its limits. The picture is decoded at the smallest size its format
    /// allows (1/8 for a JPEG). A library that cannot be loaded rejects nothing: the bytes may be fine.
    public func rejects(_ bytes: [UInt8]) -> Bool {
        do throws(PictureError) {
            _ = try decode(bytes, fitting: PixelSize(width: 1, height: 1))
            return false
        } catch {
            switch error {
            case .libraryUnavailable, .outOfRange, .terminalUnavailable: return false
            case .tooManyBytes, .unrecognizedFormat, .tooManyPixels, .truncated, .corrupt, .tooMuchMemory: return true
            }
        }
    }

    /// The C string in a fixed-size message field.
    static func text<Field>(of field: inout Field) -> String {
        withUnsafeBytes(of: &field) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
