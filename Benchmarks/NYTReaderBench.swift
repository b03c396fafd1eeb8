import ArgumentParser
import Foundation
import NewsCore
import TestSupport

/// `nytreader-bench`: measures the store, start-up, refresh, keypress latency, memory and cache size,
/// prints one table and writes the figures to `<output>/latest.json` and `<output>/latest.md`.
@main
struct NYTReaderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nytreader-bench",
        abstract: "Benchmarks of nytreader (run through `make bench`, on a release build)."
    )

    @Option(help: ArgumentHelp("Folder for scratch databases and the results.", valueName: "path"))
    var output = ".bench"

    @Option(help: ArgumentHelp("The release nytreader to measure (default: the one beside this program).", valueName: "path"))
    var binary: String?

    @Option(help: ArgumentHelp("Runs of each start-up measurement (the median is reported).", valueName: "n"))
    var runs = 10

    @Option(help: ArgumentHelp("Write the Markdown table into this file between its bench markers.", valueName: "path"))
    var updateDoc: String?

    @Flag(help: "Small sizes and few runs: a quick check that every benchmark works (figures not comparable).")
    var quick = false

    @Flag(help: "Only the in-process store figures (no reader, no refresh).")
    var storeOnly = false

    @Option(help: ArgumentHelp("Articles in the archive cache of the archive rows (builds take minutes at 1,000,000).", valueName: "n"))
    var archiveArticles = 1_000_000

    @Flag(help: "Keep the archive cache in the output folder and use it again when it is there (it takes minutes to build).")
    var reuseArchive = false

    @Flag(help: "Leave out the archive rows.")
    var skipArchive = false

    @Flag(help: "Only the photo figures (decoding and drawing; the reader with photos off and on).")
    var photosOnly = false

    @Flag(help: "Only the side-by-side figures of newsboat and nytreader on the same articles (make bench-peer).")
    var peer = false

    @Flag(
        help:
            "Only the whole-archive figures (make bench-scale): archive caches of --scale-sizes articles spread over every month since 1851, built once into <output>/scale and kept (a build that was stopped goes on)."
    )
    var scale = false

    @Option(help: ArgumentHelp("The sizes of the archive caches of --scale, in articles, comma-separated.", valueName: "n,n,…"))
    var scaleSizes = "100000,1000000,15000000"

    @Flag(help: "With --scale: only build (or finish building) the caches, measure nothing.")
    var buildOnly = false

    @Option(help: ArgumentHelp("The newsboat to compare with (for --peer).", valueName: "path"))
    var newsboat = "/usr/bin/newsboat"

    @Option(
        help: ArgumentHelp(
            "Only persist one refresh of this many new articles and exit (to profile it under valgrind --tool=callgrind).", valueName: "n"))
    var profilePersist: Int?

    @Option(help: ArgumentHelp("How many refreshes --profile-persist persists (each into a new cache).", valueName: "n"))
    var persistRuns = 1

    @Option(
        help: ArgumentHelp(
            "Only fill a cache of this many articles, run each search query once and exit (to profile search).", valueName: "n"))
    var profileSearch: Int?

    @Option(
        help: ArgumentHelp(
            "Only build (or with --reuse-archive reuse) the archive cache of this many articles, time trends on it and print the figures.",
            valueName: "n"))
    var profileTrend: Int?

    @Option(
        help: ArgumentHelp(
            "Only build (or with --reuse-archive reuse) the archive cache of this many articles, time s → the picker with counts in the release reader on it and print the figures.",
            valueName: "n"))
    var profilePicker: Int?

    @Option(
        help: ArgumentHelp(
            "Only serve the Top Stories feed of this many generated articles (the peer figures' articles) from the loopback fake NYT server, print its base URL and serve until stdin closes (to profile nytreader refresh).",
            valueName: "n"))
    var serveFeed: Int?

    func run() throws {
        if let serveFeed {
            try PeerBenchmarks.serve(count: serveFeed, now: Date())
            return
        }
        if let profilePersist {
            for figure in try StoreBenchmarks(directory: output, now: Date()).persist(count: profilePersist, runs: persistRuns, target: nil)
            {
                print("\(figure.label): \(figure.value.map(Measurement.format) ?? "-") ms (\(figure.detail))")
            }
            return
        }
        if let profileSearch {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let path = "\(output)/profile-\(profileSearch).sqlite"
            let database =
                FileManager.default.fileExists(atPath: path)
                ? BenchDatabase(path: path, articleCount: profileSearch)
                : try BenchDatabase.fill(path: path, count: profileSearch, now: Date()).database
            _ = try StoreBenchmarks(directory: output, now: Date()).search(database, repeats: 1)
            return
        }
        if let profileTrend {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let database = try ArchiveBenchmarks(directory: output, now: Date()).cache(count: profileTrend, reuse: reuseArchive).database
            for figure in try TrendBenchmarks().figures(database, repeats: 5) {
                print("\(figure.label): \(Measurement.format(figure.value ?? 0)) ms (\(figure.detail))")
            }
            return
        }
        if let profilePicker {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let archive = ArchiveBenchmarks(directory: output, now: Date())
            let (database, months, _) = try archive.cache(count: profilePicker, reuse: reuseArchive)
            for figure in try pickerFigures(database, months: months, archive: archive, work: output) {
                print("\(figure.label): \(Measurement.format(figure.value ?? 0)) ms (\(figure.detail))")
            }
            return
        }
        if peer {
            try runPeer()
            return
        }
        if scale {
            try runScale()
            return
        }
        let now = Date()
        let loadAtStart = BenchReport.loadAverage()
        let work = "\(output)/work"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let sizes = quick ? (small: 1_000, large: 5_000) : (small: 10_000, large: 100_000)
        var measurements: [Measurement] = []
        var notes: [String] = []
        if photosOnly {
            measurements = try photoFigures(count: sizes.small, now: now, work: work)
            try finish(measurements, notes: notes, now: now, loadAtStart: loadAtStart)
            return
        }

        let store = StoreBenchmarks(directory: work, now: now)
        progress("store: persisting refreshes")
        measurements += try store.persist(count: 1_000, runs: quick ? 3 : 9, target: 30)
        measurements += try store.persist(count: 10_000, runs: quick ? 1 : 3, target: nil)

        progress("store: filling databases of \(sizes.small) and \(sizes.large) articles")
        let small = try BenchDatabase.fill(path: "\(work)/cache-\(sizes.small).sqlite", count: sizes.small, now: now)
        let large = try BenchDatabase.fill(path: "\(work)/cache-\(sizes.large).sqlite", count: sizes.large, now: now)
        notes.append(
            String(
                format: "generating %d articles took %.0f ms, writing them as one refresh %.0f ms",
                sizes.large, large.generate, large.write))

        progress("store: windows and search over \(sizes.large)")
        measurements += try store.window(large.database, runs: quick ? 3 : 10)
        let search = try store.search(large.database, repeats: quick ? 2 : 5)
        measurements += search.measurements
        notes.append("search, " + StoreBenchmarks.queryNote(hits: search.hits, medians: search.medians))

        if !storeOnly {
            try measurements += programFigures(small: small.database, large: large.database, now: now, work: work)
        }
        if !skipArchive {
            try measurements += archiveFigures(now: now, work: work, notes: &notes)
        }

        for database in [small.database, large.database] {
            measurements.append(
                Measurement(
                    "store.bytes_per_article_\(database.articleCount)",
                    "database bytes per article, \(database.articleCount.formatted()) cached",
                    value: Double(database.fileBytes()) / Double(database.articleCount), unit: "B", target: 1_536,
                    detail: "(db + wal) / articles"
                ))
        }

        try finish(measurements, notes: notes, now: now, loadAtStart: loadAtStart)
    }

    /// Writes the figures to `output` (and `--update-doc`'s file) and prints the table.
    private func finish(_ measurements: [Measurement], notes: [String], now: Date, loadAtStart: String) throws {
        let machine = "\(BenchReport.describeMachine()), load average \(loadAtStart) at start, \(BenchReport.loadAverage()) at end"
        let report = BenchReport(date: now, machine: machine, notes: notes, measurements: measurements)
        try report.json().write(to: URL(fileURLWithPath: "\(output)/latest.json"))
        try report.markdownTable().write(toFile: "\(output)/latest.md", atomically: true, encoding: .utf8)
        if let updateDoc { try report.updateDocument(at: updateDoc) }
        print("")
        print(report.consoleTable())
        for note in notes { print("note: \(note)") }
        print("Figures written to \(output)/latest.json and \(output)/latest.md.")
    }

    /// The release program's figures: start-up and memory at both sizes, a headless refresh, key latency.
    private func programFigures(small: BenchDatabase, large: BenchDatabase, now: Date, work: String) throws -> [Measurement] {
        var measurements: [Measurement] = []
        let reader = ReaderBenchmarks(binary: readerBinary(), directory: work)
        var generator = ArticleGenerator(now: now)
        let firstTitle = generator.article(0).title
        for database in [small, large] {
            progress("reader: \(quick ? 3 : runs) starts with \(database.articleCount) cached")
            measurements += try reader.startUp(database, firstTitle: firstTitle, runs: quick ? 3 : runs)
        }
        progress("refresh: nytreader refresh of 1000 articles from the fake NYT server")
        let refresh = RefreshBenchmarks(binary: readerBinary(), directory: work, now: now)
        measurements.append(try refresh.refresh(count: 1_000, runs: quick ? 3 : runs))

        progress("reader: key presses with \(large.articleCount) cached")
        let downs = quick ? 100 : 1_000
        var titles = ArticleGenerator(now: now)
        let selectedTitle = titles.articles(0..<downs + 1)[downs].title
        measurements += try reader.keypress(
            large, firstTitle: firstTitle, selectedTitle: selectedTitle, downs: downs,
            pageDowns: quick ? 10 : 100)
        measurements += try photoFigures(count: small.articleCount, now: now, work: work)
        return measurements
    }

    /// Decoding and drawing a photo; the reader with photos off and on, on `count` articles with photos.
    private func photoFigures(count: Int, now: Date, work: String) throws -> [Measurement] {
        progress("photos: decoding and drawing")
        let photos = PhotoBenchmarks(binary: readerBinary(), directory: work, now: now)
        return try photos.decodeAndDraw(runs: quick ? 20 : 200)
            + photos.reader(count: count, runs: quick ? 3 : runs, presses: quick ? 50 : 300)
    }

    /// One archive month imported, then the archive cache of `archiveArticles` (kept in `output` with
    /// `--reuse-archive`): the reader opening a month, windows, search and bytes per article.
    private func archiveFigures(now: Date, work: String, notes: inout [String]) throws -> [Measurement] {
        let count = quick ? 40_000 : archiveArticles
        let archive = ArchiveBenchmarks(directory: work, now: now)
        progress("archive: importing one month of \(ArchiveBenchmarks.monthSize) docs")
        var measurements = [try archive.importMonth(runs: quick ? 1 : 3)]
        progress("archive: the cache of \(count) archived articles (\(reuseArchive ? "reused when built before" : "built now"))")
        let kept = ArchiveBenchmarks(directory: output, now: now)
        let (database, months, buildSeconds) = try kept.cache(count: count, reuse: reuseArchive)
        if let buildSeconds {
            notes.append(String(format: "building the archive cache of %d months took %.0f s", months.count, buildSeconds))
        }
        measurements += try kept.figures(database, months: months, repeats: quick ? 2 : 5)
        measurements += try TrendBenchmarks().figures(database, repeats: quick ? 2 : 5)
        if !storeOnly, let month = months.last {
            progress("reader: starts on an archive month with \(count) archived")
            let reader = ReaderBenchmarks(binary: readerBinary(), directory: work)
            measurements += try reader.startUp(
                database, firstTitle: try kept.firstTitle(of: month, in: database), runs: quick ? 3 : runs,
                arguments: "--archive \(month) --offline", target: 50
            )
            progress("reader: the picker with \(months.count) feeds and \(count) archived")
            measurements += try pickerFigures(database, months: months, archive: kept, work: work)
        }
        return measurements
    }

    /// `s` → the picker with its counts, the reader on the last month of the archive cache (whose months
    /// are its feeds).
    private func pickerFigures(_ database: BenchDatabase, months: [ArchiveMonth], archive: ArchiveBenchmarks, work: String) throws
        -> [Measurement]
    {
        guard let month = months.last else { return [] }
        let reader = ReaderBenchmarks(binary: readerBinary(), directory: work)
        return try reader.picker(
            database, month: month.description, firstTitle: try archive.firstTitle(of: month, in: database), feeds: months.count,
            runs: quick ? 5 : 20
        )
    }

    /// newsboat and nytreader side by side at 1,000 and 10,000 articles: prints the table, writes
    /// `<output>/peer.json` and `<output>/peer.md`, and with `--update-doc` the table into that file.
    private func runPeer() throws {
        let now = Date()
        let loadAtStart = BenchReport.loadAverage()
        let work = "\(output)/peer-work"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let benchmarks = PeerBenchmarks(directory: work, runs: quick ? 2 : 5, keyPresses: quick ? 30 : 300, now: now)
        var figures: [PeerFigure] = []
        for count in quick ? [1_000] : [1_000, 10_000] {
            figures += try benchmarks.figures(count: count, newsboat: newsboat, nytreader: readerBinary())
        }
        let version =
            try Subprocess.run(newsboat, ["--version"], timeout: 10).output.split(separator: "\n").first.map(String.init) ?? "newsboat"
        let machine = "\(BenchReport.describeMachine()), load average \(loadAtStart) at start, \(BenchReport.loadAverage()) at end"
        let report = PeerReport(figures: figures, machine: machine, date: now, newsboatVersion: version)
        try report.json().write(to: URL(fileURLWithPath: "\(output)/peer.json"))
        try report.markdownTable().write(toFile: "\(output)/peer.md", atomically: true, encoding: .utf8)
        if let updateDoc { try BenchReport.replaceSection("peer", of: updateDoc, with: report.markdownTable()) }
        print("")
        print(report.consoleTable())
        print("Figures written to \(output)/peer.json and \(output)/peer.md.")
    }

    /// The archive caches of `--scale-sizes` (made smaller by `--quick`), built when missing, then with
    /// the same rows on each: prints the table, writes `<output>/scale.json` and `<output>/scale.md`, and
    /// with `--update-doc` the table into that file.
    private func runScale() throws {
        let now = Date()
        let loadAtStart = BenchReport.loadAverage()
        let sizes = quick ? [2_000, 6_000, 20_000] : scaleSizes.split(separator: ",").compactMap { Int($0) }
        guard !sizes.isEmpty else { throw BenchError.unexpected("--scale-sizes names no size") }
        let benchmarks = ScaleBenchmarks(directory: "\(output)/scale", binary: readerBinary(), runs: quick ? 3 : runs, now: now)
        if buildOnly {
            for count in sizes {
                let built = try benchmarks.cache(count: count)
                progress(
                    "scale: the cache of \(count) articles is complete (\(built.buildSeconds.map { "built in \(Int($0)) s" } ?? "built before"))"
                )
            }
            return
        }
        var notes: [String] = []
        var results: [(count: Int, measurements: [Measurement])] = []
        for count in sizes {
            results.append((count, try benchmarks.figures(count: count, notes: &notes)))
        }
        let machine = "\(BenchReport.describeMachine()), load average \(loadAtStart) at start, \(BenchReport.loadAverage()) at end"
        let report = ScaleReport(sizes: results, notes: notes, machine: machine, date: now)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(results.flatMap(\.measurements)).write(to: URL(fileURLWithPath: "\(output)/scale.json"))
        try report.markdownTable().write(toFile: "\(output)/scale.md", atomically: true, encoding: .utf8)
        if let updateDoc { try BenchReport.replaceSection("scale", of: updateDoc, with: report.markdownTable()) }
        print("")
        print(report.consoleTable())
        print("Figures written to \(output)/scale.json and \(output)/scale.md.")
    }

    /// The `nytreader` to measure: `--binary`, else the one beside this program.
    private func readerBinary() -> String {
        if let binary { return binary }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("nytreader").path
    }
}
