import Foundation
import TerminalPictures
import TestSupport

/// Photos: decoding and drawing one in process, and the release reader with photos on (symbols, from the
/// loopback fake NYT server's image host) beside the same reader with photos off, on the same cache.
struct PhotoBenchmarks {
    let binary: String
    /// Scratch folder for HOME, the cache and the key trace.
    let directory: String
    let now: Date

    /// The fixture every photo request is answered with.
    static let fixture = "scene-600x400.jpg"

    /// Decoding and drawing the 600×400 JPEG fixture into 60×15 cells in symbols, `runs` times after a
    /// first that loads libjpeg-turbo and libchafa.
    func decodeAndDraw(runs: Int) throws -> [Measurement] {
        let bytes = try PictureFixtures.bytes(Self.fixture)
        let renderer = PictureRenderer(cellSize: .fallback, symbolColors: .truecolor)
        let box = CellBox(columns: 60, rows: 15)
        let first = try Stopwatch.time { try renderer.render(encoded: bytes, in: box, as: .symbols) }.milliseconds
        var samples = Samples()
        for _ in 0..<runs {
            samples.append(try Stopwatch.time { try renderer.render(encoded: bytes, in: box, as: .symbols) }.milliseconds)
        }
        let detail = "symbols, truecolor; \(runs) runs after the first"
        return [
            Measurement(
                "photo.draw_600x400_60x15_p50", "decode and draw a 600×400 JPEG into 60×15 cells p50", value: samples.median,
                unit: "ms", target: 15, detail: detail),
            Measurement(
                "photo.draw_600x400_60x15_p99", "decode and draw a 600×400 JPEG into 60×15 cells p99",
                value: samples.percentile(99), unit: "ms", detail: detail),
            Measurement(
                "photo.draw_first", "the first photo decoded and drawn", value: first, unit: "ms",
                detail: "loads libjpeg-turbo and libchafa"),
        ]
    }

    /// The reader on a cache of `count` articles, each with a photo: start-up and peak memory with photos
    /// off and on (the peak read once the first article's photo is drawn), then Down → repaint with each.
    func reader(count: Int, runs: Int, presses: Int) throws -> [Measurement] {
        let server = try FakeNYTServer(servesFixtures: false)
        defer { server.stop() }
        let picture = Data(try PictureFixtures.bytes(Self.fixture))
        server.setResponder(forPathsStartingWith: "/images/") { _ in .picture(picture) }
        let database = try BenchDatabase.fill(path: "\(directory)/photos-\(count).sqlite", count: count, now: now, photos: true).database
        var generator = ArticleGenerator(now: now)
        let firstTitle = generator.article(0).title
        let arguments = "--api-base-url \(TmuxControl.quote(server.baseURL.absoluteString))"

        let readers = [false, true].map { photos in
            var reader = ReaderBenchmarks(binary: binary, directory: directory)
            reader.environmentExtras = ["NYTREADER_IMAGES": photos ? "symbols" : "off"]
            reader.variant = photos ? ("_photos_on", ", photos on") : ("_photos_off", ", photos off")
            return reader
        }
        // Starts with photos off and on take turns, so that what else the machine does weighs on both alike.
        progress("reader: \(runs) starts with photos off and \(runs) with photos on, in turn, \(count) cached")
        var starts: [[Measurement]] = [[], []]
        for _ in 0..<runs {
            for (index, photos) in [false, true].enumerated() {
                let settled: (([String]) -> Bool)? = photos ? { Self.showsPhoto($0) } : nil
                starts[index] += try readers[index].startUp(
                    database, firstTitle: firstTitle, runs: 1, arguments: arguments, settled: settled)
            }
        }
        var measurements = starts.flatMap { Self.medians(of: $0, runs: runs) }
        var latencies: [Bool: Samples] = [:]
        for (index, photos) in [false, true].enumerated() {
            progress("reader: \(presses) Down presses with \(count) cached, photos \(photos ? "on" : "off")")
            latencies[photos] = try downPresses(
                readers[index], database: database, arguments: arguments, firstTitle: firstTitle, presses: presses)
        }
        let size = count.formatted()
        let off = latencies[false]?.percentile(99)
        for photos in [false, true] {
            let samples = latencies[photos]
            let detail =
                samples.map { "\($0.count) of \(presses) presses traced, a 300 ms rest every 10th" } ?? "no key trace"
            measurements.append(
                Measurement(
                    "photo.key_down_p99_\(count)_\(photos ? "on" : "off")",
                    "Down → repaint p99, \(size) cached, photos \(photos ? "on" : "off")",
                    value: samples?.percentile(99), unit: "ms", target: photos ? off.map { $0 * 1.1 } : nil,
                    detail: photos ? detail + "; target: photos off + 10 %" : detail))
        }
        measurements.append(
            Measurement(
                "photo.requests_\(count)", "photo requests over the Down presses, photos on",
                value: Double(server.requests.filter { $0.path.hasPrefix("/images/") }.count), unit: "",
                detail: "one per rest, none per row passed; plus one per start with photos on"))
        return measurements
    }

    /// One figure per id of `single` (figures of one run each): the median of its runs' values.
    private static func medians(of single: [Measurement], runs: Int) -> [Measurement] {
        var ids: [String] = []
        for figure in single where !ids.contains(figure.id) { ids.append(figure.id) }
        return ids.map { id in
            let figures = single.filter { $0.id == id }
            let values = Samples(figures.compactMap(\.value))
            let first = figures[0]
            return Measurement(
                id, first.label, value: values.count > 0 ? values.median : nil, unit: first.unit, target: first.target,
                detail: "median of \(values.count) of \(runs), starts with photos off and on in turn")
        }
    }

    /// Down pressed `presses` times, each once the previous one was drawn, resting 300 ms every tenth
    /// (the photo of the article it rests on is fetched and drawn); the reader's traced latencies.
    private func downPresses(
        _ reader: ReaderBenchmarks, database: BenchDatabase, arguments: String, firstTitle: String, presses: Int
    ) throws -> Samples? {
        let tracePath = "\(directory)/photo-key-trace.txt"
        guard FileManager.default.createFile(atPath: tracePath, contents: nil) else {
            throw BenchError.unexpected("cannot create \(tracePath)")
        }
        let terminal = try ReaderTerminal(environment: reader.environment(trace: tracePath))
        let trace = try KeyTraceReader(path: tracePath)
        _ = try terminal.start("\(TmuxControl.quote(binary)) --db \(TmuxControl.quote(database.path)) \(arguments)")
        let marker = ReaderBenchmarks.marker(for: firstTitle)
        guard try terminal.waitForScreen(timeout: 10, { $0.contains { $0.contains(marker) } }) != nil else {
            throw BenchError.unexpected("the reader did not show its first screen")
        }
        var samples = Samples()
        for press in 1...presses {
            try terminal.press("Down")
            if let microseconds = try trace.next(timeout: 1) { samples.append(microseconds / 1_000) }
            if press % 10 == 0 { usleep(300_000) }
        }
        try terminal.press("q")
        _ = try terminal.waitForPrompt()
        return samples.count > 0 ? samples : nil
    }

    /// Whether the screen shows a photo in symbols: five rows or more with block or sextant characters.
    static func showsPhoto(_ lines: [String]) -> Bool {
        lines.filter { line in
            line.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value) }
        }.count >= 5
    }
}
