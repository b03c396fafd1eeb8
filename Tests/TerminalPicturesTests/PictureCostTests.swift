import Foundation
import TerminalPictures
import TestSupport
import Testing

/// What a picture costs: the libraries are mapped only once one is shown, and how long one takes.
@Suite("Picture cost")
struct PictureCostTests {
    static let probe = ChildProcess.builtProgram("picture-probe")

    /// `key=value` fields of a probe line.
    static func fields(_ line: Substring) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: line.split(separator: " ").dropFirst().compactMap { field in
                let parts = field.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            })
    }

    @Test(
        "libjpeg, libpng and libchafa are mapped only when a picture of their kind is shown",
        arguments: [("scene-600x400.jpg", "1", "0"), ("scene-alpha-120x80.png", "0", "1")])
    func lazyLoading(name: String, jpeg: String, png: String) throws {
        let file = PictureFixtures.directory.appendingPathComponent(name).path
        let result = try Subprocess.run(Self.probe, [file, "60", "15", "symbols"])
        try #require(result.status == 0, "\(result.output)\(result.errorOutput)")
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == 2)
        let before = Self.fields(lines[0])
        let after = Self.fields(lines[1])
        #expect(before["jpeg"] == "0" && before["png"] == "0" && before["chafa"] == "0")
        #expect(after["jpeg"] == jpeg && after["png"] == png && after["chafa"] == "1")
        #expect(after["cells"] == "45x15")
        print("picture-probe \(name): \(result.output.split(separator: "\n").joined(separator: " → "))")
    }

    @Test("Decoding and drawing a 600×400 JPEG into 60×15 cells (printed, not asserted)")
    func timing() throws {
        let bytes = try PictureFixtures.bytes("scene-600x400.jpg")
        let renderer = PictureRenderer()
        let box = CellBox(columns: 60, rows: 15)
        let decoder = PictureDecoder()
        _ = try renderer.render(encoded: bytes, in: box, as: .symbols)  // loads the libraries
        for graphicsProtocol in [PictureProtocol.symbols, .sixel, .kitty] {
            var decode: [Duration] = []
            var draw: [Duration] = []
            let clock = ContinuousClock()
            for _ in 0..<15 {
                let start = clock.now
                let pixels = try decoder.decode(bytes, fitting: renderer.decodingTarget(for: box, as: graphicsProtocol))
                let decoded = clock.now
                _ = try renderer.render(pixels, in: box, as: graphicsProtocol)
                decode.append(decoded - start)
                draw.append(clock.now - decoded)
            }
            func median(_ times: [Duration]) -> String {
                let sorted = times.sorted()
                return sorted[sorted.count / 2].formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))
            }
            print(
                "\(graphicsProtocol), 600×400 JPEG into 60×15 cells (debug build): decode \(median(decode)),",
                "draw \(median(draw)) (medians of 15)")
        }
    }
}
