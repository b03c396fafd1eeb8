import TerminalPictures
import TestSupport
import Testing

@Suite("Picture decoder")
struct PictureDecoderTests {
    let decoder = PictureDecoder()

    func pixel(_ pixels: PicturePixels, _ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * pixels.size.width + x) * 4
        return Array(pixels.rgba[start..<start + 4])
    }

    @Test("Formats are told by their first bytes, not by a name or a content type")
    func sniffing() throws {
        #expect(PictureFormat(sniffing: try PictureFixtures.bytes("scene-600x400.jpg")) == .jpeg)
        #expect(PictureFormat(sniffing: try PictureFixtures.bytes("scene-alpha-120x80.png")) == .png)
        #expect(PictureFormat(sniffing: try PictureFixtures.bytes("html-as-jpeg.jpg")) == nil)
        #expect(PictureFormat(sniffing: [0xFF, 0xD8]) == nil)
        #expect(PictureFormat(sniffing: [UInt8]()) == nil)
    }

    @Test("A baseline and a progressive JPEG decode to the same scene at full size")
    func jpeg() throws {
        let baseline = try decoder.decode(PictureFixtures.bytes("scene-600x400.jpg"))
        let progressive = try decoder.decode(PictureFixtures.bytes("scene-progressive-600x400.jpg"))
        for pixels in [baseline, progressive] {
            #expect(pixels.size == PixelSize(width: 600, height: 400))
            let sky = pixel(pixels, 10, 5)
            let sun = pixel(pixels, 432, 120)
            let hill = pixel(pixels, 20, 390)
            #expect(sky[2] > 180 && sky[0] < 80 && sky[3] == 255)
            #expect(sun[0] > 230 && sun[1] > 180 && sun[2] < 100)
            #expect(hill[1] > hill[2])
        }
    }

    @Test("A grayscale JPEG comes back as RGBA with equal channels")
    func grayscale() throws {
        let pixels = try decoder.decode(PictureFixtures.bytes("scene-gray-120x80.jpg"))
        #expect(pixels.size == PixelSize(width: 120, height: 80))
        for index in stride(from: 0, to: pixels.rgba.count, by: 4) {
            #expect(pixels.rgba[index] == pixels.rgba[index + 1] && pixels.rgba[index + 1] == pixels.rgba[index + 2])
        }
    }

    @Test(
        "CMYK JPEGs come back as RGB: inks as they are without an Adobe marker, inverted with one, YCCK too",
        arguments: ["cmyk-24x8.jpg", "cmyk-adobe-24x8.jpg", "ycck-adobe-24x8.jpg"])
    func inks(name: String) throws {
        let pixels = try decoder.decode(PictureFixtures.bytes(name))
        #expect(pixels.size == PixelSize(width: 24, height: 8))
        // Cyan ink, then magenta and yellow (red), then half black (gray), one 8 × 8 block each.
        let expected: [[Int]] = [[0, 255, 255, 255], [255, 0, 0, 255], [127, 127, 127, 255]]
        for (block, color) in expected.enumerated() {
            let drawn = pixel(pixels, block * 8 + 4, 4).map(Int.init)
            #expect(zip(drawn, color).allSatisfy { abs($0 - $1) <= 3 }, "block \(block) of \(name): \(drawn)")
        }
    }

    @Test("A JPEG is decoded at 1/2, 1/4 or 1/8 of its size, never below what the box needs")
    func jpegScaling() throws {
        let bytes = try PictureFixtures.bytes("scene-600x400.jpg")
        // Fitting 600×400 into these boxes needs at least the size given; the decoder picks the smallest
        // power-of-two fraction that still covers it.
        let cases: [(PixelSize, PixelSize)] = [
            (PixelSize(width: 600, height: 400), PixelSize(width: 600, height: 400)),
            (PixelSize(width: 300, height: 1000), PixelSize(width: 300, height: 200)),
            (PixelSize(width: 299, height: 1000), PixelSize(width: 300, height: 200)),
            (PixelSize(width: 1000, height: 100), PixelSize(width: 150, height: 100)),
            (PixelSize(width: 151, height: 101), PixelSize(width: 300, height: 200)),
            (PixelSize(width: 10, height: 10), PixelSize(width: 75, height: 50)),
            (PixelSize(width: 2000, height: 2000), PixelSize(width: 600, height: 400)),
        ]
        for (target, expected) in cases {
            #expect(try decoder.decode(bytes, fitting: target).size == expected, "fitting \(target)")
        }
    }

    @Test("A PNG is shrunk by a whole factor while it is read, never below what the box needs")
    func pngScaling() throws {
        let bytes = try PictureFixtures.bytes("scene-alpha-120x80.png")
        #expect(try decoder.decode(bytes).size == PixelSize(width: 120, height: 80))
        #expect(try decoder.decode(bytes, fitting: PixelSize(width: 40, height: 1000)).size == PixelSize(width: 40, height: 26))
        #expect(try decoder.decode(bytes, fitting: PixelSize(width: 50, height: 50)).size == PixelSize(width: 60, height: 40))
        // Never below one pixel each way, however small the box.
        #expect(try decoder.decode(bytes, fitting: PixelSize(width: 1, height: 1)).size == PixelSize(width: 1, height: 1))
        // A 4 × 4 block of the opaque sky averages to sky; one of the transparent frame stays transparent.
        let shrunk = try decoder.decode(bytes, fitting: PixelSize(width: 30, height: 20))
        #expect(shrunk.size == PixelSize(width: 30, height: 20))
        #expect(pixel(shrunk, 0, 0)[3] == 0)
        #expect(pixel(shrunk, 5, 5)[3] == 255 && pixel(shrunk, 5, 5)[2] > 150)
    }

    @Test("An RGBA PNG keeps its alpha; an interlaced one decodes to the same pixels")
    func pngAlpha() throws {
        let plain = try decoder.decode(PictureFixtures.bytes("scene-alpha-120x80.png"))
        let interlaced = try decoder.decode(PictureFixtures.bytes("scene-interlaced-120x80.png"))
        #expect(plain == interlaced)
        #expect(pixel(plain, 0, 0)[3] == 0)
        #expect(pixel(plain, 60, 40)[3] == 128)
        #expect(pixel(plain, 60, 20)[3] == 255)
    }

    @Test("A palette PNG expands to RGBA, its tRNS entry to transparency")
    func pngPalette() throws {
        let pixels = try decoder.decode(PictureFixtures.bytes("quarters-palette-32x32.png"))
        #expect(pixels.size == PixelSize(width: 32, height: 32))
        #expect(pixel(pixels, 0, 0) == [255, 0, 0, 255])
        #expect(pixel(pixels, 31, 0) == [0, 255, 0, 255])
        #expect(pixel(pixels, 0, 31) == [0, 0, 255, 255])
        #expect(pixel(pixels, 31, 31)[3] == 0)
    }
}
