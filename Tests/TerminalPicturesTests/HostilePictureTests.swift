import TerminalPictures
import TestSupport
import Testing

/// Pictures from the network are data: each hostile one is a typed error (the reader shows a
/// placeholder), never a crash, an exit, a message on stderr or a huge allocation.
@Suite("Hostile pictures")
struct HostilePictureTests {
    let decoder = PictureDecoder()

    func decodeError(
        _ bytes: [UInt8], decoder: PictureDecoder = PictureDecoder(), fitting target: PixelSize? = nil
    ) -> PictureError? {
        do {
            _ = try decoder.decode(bytes, fitting: target)
            return nil
        } catch {
            return error
        }
    }

    @Test("What does not decode as the JPEG or PNG it claims is rejected (not kept); pictures are not")
    func rejects() throws {
        let hostile: [[UInt8]] = [
            try PictureFixtures.bytes("html-as-jpeg.jpg"), try PictureFixtures.bytes("truncated.jpg"),
            try PictureFixtures.bytes("truncated.png"), try PictureFixtures.bytes("bomb-60000x60000.jpg"),
            Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64),
            Array("RIFF".utf8) + [0, 1, 0, 0] + Array("WEBPVP8 ".utf8) + [UInt8](repeating: 0, count: 64),
            Array("BM".utf8) + [UInt8](repeating: 0, count: 64),
            [UInt8](repeating: 0xFF, count: 5 << 20),
        ]
        for bytes in hostile {
            #expect(decoder.rejects(bytes), "\(bytes.prefix(8))")
        }
        for name in ["scene-600x400.jpg", "scene-progressive-600x400.jpg", "scene-alpha-120x80.png", "cmyk-adobe-24x8.jpg"] {
            #expect(!decoder.rejects(try PictureFixtures.bytes(name)), "\(name)")
        }
    }

    @Test("A JPEG declaring 60,000 × 60,000 pixels is refused before anything is decompressed")
    func jpegBomb() throws {
        let bytes = try PictureFixtures.bytes("bomb-60000x60000.jpg")
        #expect(bytes.count < 32_000)
        #expect(decodeError(bytes) == .tooManyPixels(width: 60000, height: 60000))
        #expect(decodeError(bytes, fitting: PixelSize(width: 80, height: 40)) == .tooManyPixels(width: 60000, height: 60000))
    }

    @Test("A PNG declaring 60,000 × 60,000 pixels is refused before anything is decompressed")
    func pngBomb() throws {
        #expect(decodeError(try PictureFixtures.bytes("bomb-60000x60000.png")) == .tooManyPixels(width: 60000, height: 60000))
    }

    @Test("The pixel limit is the decoder's own")
    func pixelLimit() throws {
        let small = PictureDecoder(maximumPixelCount: 600 * 400 - 1)
        #expect(
            decodeError(try PictureFixtures.bytes("scene-600x400.jpg"), decoder: small)
                == .tooManyPixels(width: 600, height: 400))
        #expect(
            decodeError(try PictureFixtures.bytes("scene-alpha-120x80.png"), decoder: PictureDecoder(maximumPixelCount: 9599))
                == .tooManyPixels(width: 120, height: 80))
    }

    @Test("A JPEG or PNG cut short is truncated, not gray or garbage")
    func truncated() throws {
        #expect(decodeError(try PictureFixtures.bytes("truncated.jpg")) == .truncated)
        #expect(decodeError(try PictureFixtures.bytes("truncated.png")) == .truncated)
        let scene = try PictureFixtures.bytes("scene-600x400.jpg")
        #expect(decodeError(Array(scene.prefix(40))) == .truncated)
        #expect(decodeError(Array(scene.prefix(3))) != nil)
    }

    @Test("HTML served as image/jpeg is not a picture")
    func html() throws {
        #expect(decodeError(try PictureFixtures.bytes("html-as-jpeg.jpg")) == .unrecognizedFormat)
        #expect(decodeError([]) == .unrecognizedFormat)
    }

    @Test("A 40 MB body is refused by its size")
    func hugeBody() {
        var bytes = [UInt8](repeating: 0, count: 40 << 20)
        bytes[0...2] = [0xFF, 0xD8, 0xFF]
        #expect(decodeError(bytes) == .tooManyBytes(count: 40 << 20))
    }

    @Test("Noise after a JPEG's or PNG's signature is refused")
    func garbage() {
        var random = SplitMix64(seed: 7)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        // The noise after a JPEG's first marker reads as a segment length past the end of the data.
        #expect(decodeError([0xFF, 0xD8, 0xFF, 0xE0] + noise) == .truncated)
        guard case .corrupt = decodeError([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + noise) else {
            Issue.record("PNG noise was not corrupt")
            return
        }
        guard case .corrupt = decodeError([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + noise) else {
            Issue.record("JPEG noise was not corrupt")
            return
        }
    }

    @Test("A progressive JPEG or interlaced PNG needing more working memory than allowed is refused")
    func workingMemory() throws {
        let tight = PictureDecoder(maximumWorkingBytes: 100_000)
        #expect(decodeError(try PictureFixtures.bytes("scene-progressive-600x400.jpg"), decoder: tight) == .tooMuchMemory)
        let belowWhole = PictureDecoder(maximumWorkingBytes: 120 * 80 * 4 - 1)
        #expect(decodeError(try PictureFixtures.bytes("scene-interlaced-120x80.png"), decoder: belowWhole) == .tooMuchMemory)
        // Baseline JPEGs and plain PNGs are read row by row: the same limit does not stop them.
        #expect(decodeError(try PictureFixtures.bytes("scene-600x400.jpg"), decoder: tight) == nil)
        let none = PictureDecoder(maximumWorkingBytes: 1)
        #expect(decodeError(try PictureFixtures.bytes("scene-alpha-120x80.png"), decoder: none) == nil)
    }

    @Test(
        "Damaged copies of every good fixture decode or fail with a typed error",
        arguments: [
            "scene-600x400.jpg", "scene-progressive-600x400.jpg", "scene-gray-120x80.jpg", "scene-alpha-120x80.png",
            "scene-interlaced-120x80.png", "quarters-palette-32x32.png",
        ])
    func damaged(name: String) throws {
        let original = try PictureFixtures.bytes(name)
        var random = SplitMix64(seed: 0x5EED ^ UInt64(original.count))
        for round in 0..<150 {
            var bytes = original
            switch round % 3 {
            case 0:  // flip bytes, the signature kept
                for _ in 0..<Int.random(in: 1...16, using: &random) {
                    bytes[Int.random(in: 8..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            case 1:  // cut short
                bytes = Array(bytes.prefix(Int.random(in: 4..<bytes.count, using: &random)))
            default:  // a run of noise over the header or data
                let start = Int.random(in: 8..<bytes.count, using: &random)
                for index in start..<min(bytes.count, start + 64) { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            }
            do {
                let pixels = try decoder.decode(bytes, fitting: PixelSize(width: 64, height: 32))
                _ = try PictureRenderer().render(pixels, in: CellBox(columns: 8, rows: 4), as: .symbols)
            } catch {
                if case .libraryUnavailable = error { Issue.record("\(error)") }
            }
        }
    }

    @Test("Boxes and cells out of range are refused before libchafa sees them")
    func boxes() throws {
        let pixels = try decoder.decode(PictureFixtures.bytes("quarters-palette-32x32.png"))
        for box in [CellBox(columns: 0, rows: 5), CellBox(columns: 5, rows: -1), CellBox(columns: 1001, rows: 5)] {
            #expect(throws: PictureError.self) { try PictureRenderer().render(pixels, in: box, as: .symbols) }
        }
        #expect(CellSize(width: 0, height: 20) == nil)
        #expect(CellSize(width: 10, height: 1001) == nil)
        // 1000 × 1000 cells of 1000 × 1000 pixels would be a terapixel image.
        let huge = PictureRenderer(cellSize: CellSize(width: 1000, height: 1000)!)
        #expect(throws: PictureError.self) { try huge.render(pixels, in: CellBox(columns: 100, rows: 100), as: .kitty) }
    }
}
