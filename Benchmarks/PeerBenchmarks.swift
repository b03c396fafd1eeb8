import Foundation
import NewsCore
import TestSupport

/// newsboat (Debian's, the peer) and nytreader side by side on the same generated articles in the same run:
/// newsboat reads them as RSS, nytreader as Top Stories JSON, both from one loopback server. For each size:
/// a reload into an empty cache (time and peak RSS), start to first screen on that cache, key → screen
/// latency in the article list (both seen the same way, through tmux), and cache bytes per article.
struct PeerBenchmarks {
    /// Scratch folder for HOMEs and caches.
    let directory: String
    let runs: Int
    let keyPresses: Int
    let now: Date

    /// Serves the Top Stories feed of the figures' `count` articles until stdin closes, its base URL printed first.
    static func serve(count: Int, now: Date) throws {
        var generator = ArticleGenerator(now: now)
        let server = try FakeNYTServer(servesFixtures: false)
        defer { server.stop() }
        server.setBody(
            TopStoriesJSON.body(section: "home", articles: generator.articles(0..<count), lastUpdated: now),
            for: FakeNYTServer.topStoriesPath("home"))
        FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
        while readLine() != nil {}
    }

    /// The figures of newsboat and nytreader for a feed of `count` articles.
    func figures(count: Int, newsboat: String, nytreader: String) throws -> [PeerFigure] {
        var generator = ArticleGenerator(now: now)
        let articles = generator.articles(0..<count)
        let server = try FakeNYTServer(servesFixtures: false)
        defer { server.stop() }
        server.setBody(RSSFeed.body(articles: articles), for: PeerProgram.rssPath)
        server.setBody(
            TopStoriesJSON.body(section: "home", articles: articles, lastUpdated: now), for: FakeNYTServer.topStoriesPath("home"))

        let folder = "\(directory)/peer-\(count)"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let programs = [
            try PeerProgram.newsboat(
                executable: newsboat, baseURL: server.baseURL, folder: "\(folder)/newsboat-files", firstTitle: articles[0].title),
            PeerProgram.nytreader(executable: nytreader, baseURL: server.baseURL, firstTitle: articles[0].title),
        ]
        let places = programs.map { ProgramPlace(program: $0, folder: "\(folder)/\($0.name)") }
        // The reloads in turns, newsboat's then nytreader's, so that a minute in which the machine runs
        // slower slows both alike.
        progress("peer: reloads of \(count) articles, the two programs in turns")
        var reloads = Array(repeating: (time: Samples(), peak: Samples()), count: places.count)
        for _ in 0..<runs {
            for (index, place) in places.enumerated() {
                let (milliseconds, megabytes) = try reload(place)
                reloads[index].time.append(milliseconds)
                reloads[index].peak.append(megabytes)
            }
        }
        var results: [String: ProgramFigures] = [:]
        for (index, place) in places.enumerated() {
            progress("peer: \(place.program.name), \(count) articles cached")
            results[place.program.name] = try measure(place, reloads: reloads[index], count: count)
        }
        let peer = results["newsboat"]!
        let ours = results["nytreader"]!
        progress("peer: less, \(count) titles, then their texts a screen at a time")
        let pager = try pagerKeys(lines: articles.map(\.title), key: "Down", folder: "\(folder)/less")
        // Enough screens for every press (the texts again after the last article when they are short).
        let texts = articles.flatMap { [$0.title, $0.byline, $0.abstract, ""] }
        let pageLines = Array(repeatElement(texts, count: (keyPresses + 2) * 60 / max(1, texts.count) + 1).joined())
        let pages = try pagerKeys(lines: pageLines, key: "NPage", folder: "\(folder)/less-pages")
        let size = count.formatted()
        // The targets: 10,000 articles in an eighth of newsboat's time, at most 30 MB and half its memory,
        // in no more bytes than newsboat's cache, a key shown in a tenth of newsboat's time; 1,000 articles
        // within 40 ms.
        let large = count >= 10_000
        let keysHow = "\(keyPresses) Down in the article list, tmux poll"
        let pagerHow =
            "less on the titles: p50 \(Measurement.format(pager.median)) ms, p99 \(Measurement.format(pager.percentile(99))) ms; "
            + "paging their texts (every row new): p50 \(Measurement.format(pages.median)) ms, p99 \(Measurement.format(pages.percentile(99))) ms"
        return [
            PeerFigure(
                "reload_ms_\(count)", "reload into an empty cache, \(size) articles", unit: "ms",
                newsboat: peer.reload, nytreader: ours.reload, ratioTarget: large ? 0.12 : nil,
                target: large ? nil : 40, how: "median of \(runs), the two in turns; newsboat -x reload, nytreader refresh"),
            PeerFigure(
                "reload_rss_\(count)", "reload peak RSS, \(size) articles", unit: "MB",
                newsboat: peer.reloadPeak, nytreader: ours.reloadPeak, ratioTarget: large ? 0.5 : nil,
                target: large ? 30 : nil, how: "GNU time %M, median of \(runs), in turns"),
            PeerFigure(
                "first_screen_ms_\(count)", "start to first screen, \(size) cached", unit: "ms",
                newsboat: peer.firstScreen, nytreader: ours.firstScreen, how: "median of \(runs), tmux poll"),
            PeerFigure(
                "key_p50_ms_\(count)", "key → screen p50, \(size) cached", unit: "ms",
                newsboat: peer.keys.median, nytreader: ours.keys.median, how: keysHow),
            PeerFigure(
                "key_p99_ms_\(count)", "key → screen p99, \(size) cached", unit: "ms",
                newsboat: peer.keys.percentile(99), nytreader: ours.keys.percentile(99), ratioTarget: large ? 0.1 : nil,
                how: "\(keysHow); \(pagerHow)"),
            PeerFigure(
                "bytes_per_article_\(count)", "cache bytes per article, \(size) cached", unit: "B",
                newsboat: peer.bytesPerArticle, nytreader: ours.bytesPerArticle, ratioTarget: large ? 1.0 : nil,
                how: "cache files ÷ articles"),
        ]
    }

    /// `key` pressed in `less` paging `lines`, timed as the readers' Down is: with Down, what a program
    /// that only scrolls a line shows through the same tmux polling, the floor of the key → screen
    /// figures; with NPage, what it shows when every row of the screen changes, as the reader's detail
    /// pane does on Down.
    private func pagerKeys(lines: [String], key: String, folder: String) throws -> Samples {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = "\(folder)/lines.txt"
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let terminal = try ReaderTerminal(environment: [
            "HOME": folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "tmux-256color",
        ])
        _ = try terminal.start("less -S \(file)")
        guard try terminal.waitForScreen(timeout: 15, { $0.contains { $0.contains(lines[0]) } }) != nil else {
            throw BenchError.unexpected("less did not show the file")
        }
        let keys = try presses(key, in: terminal, of: "less")
        try terminal.press("q")
        _ = try terminal.waitForPrompt()
        return keys
    }

    /// `keyPresses` presses of `key` in what `terminal` shows, each timed until the screen changed.
    private func presses(_ key: String, in terminal: ReaderTerminal, of name: String) throws -> Samples {
        var keys = Samples()
        for _ in 0..<keyPresses {
            guard let milliseconds = try terminal.pressAndTimeChange(key) else {
                throw BenchError.unexpected("\(name): \(key) changed nothing on the screen within 2 s")
            }
            keys.append(milliseconds)
        }
        return keys
    }

    /// What one program measured.
    private struct ProgramFigures {
        var reload: Double
        var reloadPeak: Double
        var firstScreen: Double
        var keys: Samples
        var bytesPerArticle: Double
    }

    /// Where one program's files go: its HOME and its cache.
    private struct ProgramPlace {
        let program: PeerProgram
        let folder: String
        var home: String { "\(folder)/home" }
        var cache: String { "\(folder)/cache.db" }
        var environment: [String: String] { ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "tmux-256color"] }
    }

    /// One reload of the feed into an empty cache: milliseconds from start to exit, and peak RSS in MB.
    private func reload(_ place: ProgramPlace) throws -> (milliseconds: Double, megabytes: Double) {
        let program = place.program
        try FileManager.default.createDirectory(atPath: place.home, withIntermediateDirectories: true)
        for file in program.cacheFiles(place.cache) + [place.cache + "-shm", place.cache + ".lock"] {
            try? FileManager.default.removeItem(atPath: file)
        }
        let output = "\(place.folder)/reload-output.txt"
        let usage = "\(place.folder)/reload-peak-kb.txt"
        // Peak RSS through GNU time, which forks the program from its own small process: a program spawned
        // straight from this one would count this process's resident set as its own (the kernel carries the
        // spawning address space's peak across exec into ru_maxrss).
        let (milliseconds, status) = try Stopwatch.time {
            try ChildProcess(
                Self.gnuTime, ["-f", "%M", "-o", usage, program.executable] + program.reloadArguments(place.cache),
                environment: place.environment.merging(program.reloadEnvironment) { $1 },
                output: output, errorOutput: nil
            ).waitForExit()
        }
        guard status == 0 else {
            throw BenchError.unexpected(
                "\(program.name) reload failed: " + ((try? String(contentsOfFile: output, encoding: .utf8)) ?? ""))
        }
        let kilobytes = (try? String(contentsOfFile: usage, encoding: .utf8))?.split(separator: "\n").last.flatMap { Double($0) }
        guard let kilobytes else { throw BenchError.unexpected("\(Self.gnuTime) wrote no peak RSS") }
        return (milliseconds, kilobytes / 1_024)
    }

    /// The figures of `place`'s program on the cache its last reload left: its size, start to first screen
    /// and key → screen, with `reloads`.
    private func measure(_ place: ProgramPlace, reloads: (time: Samples, peak: Samples), count: Int) throws -> ProgramFigures {
        let program = place.program
        let cache = place.cache
        let environment = place.environment
        let bytes = program.cacheFiles(cache).compactMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }.reduce(
            0, +)

        let terminal = try ReaderTerminal(environment: environment)
        var firstScreen = Samples()
        for _ in 0..<runs {
            let start = try terminal.start(program.readerCommand(cache))
            guard let shown = try terminal.waitForScreen(timeout: 15, { $0.contains { $0.contains(program.firstScreenMarker) } }) else {
                throw BenchError.unexpected(
                    "\(program.name) did not show “\(program.firstScreenMarker)”:\n" + (try terminal.screen()).joined(separator: "\n"))
            }
            firstScreen.append(shown - start)
            try terminal.press("q")
            guard try terminal.waitForPrompt() else { throw BenchError.unexpected("\(program.name) did not quit on q") }
        }

        _ = try terminal.start(program.readerCommand(cache))
        guard try terminal.waitForScreen(timeout: 15, { $0.contains { $0.contains(program.firstScreenMarker) } }) != nil else {
            throw BenchError.unexpected("\(program.name) did not start")
        }
        for key in program.openList.keys { try terminal.press(key) }
        guard try terminal.waitForScreen(timeout: 15, { $0.contains { $0.contains(program.openList.marker) } }) != nil else {
            throw BenchError.unexpected(
                "\(program.name) did not show its article list:\n" + (try terminal.screen()).joined(separator: "\n"))
        }
        let keys = try presses("Down", in: terminal, of: program.name)
        try terminal.press("q")
        try terminal.press("q")
        _ = try terminal.waitForPrompt()
        return ProgramFigures(
            reload: reloads.time.median, reloadPeak: reloads.peak.median, firstScreen: firstScreen.median, keys: keys,
            bytesPerArticle: Double(bytes) / Double(count)
        )
    }

    /// GNU time (Debian's `time` package), for the peak RSS of a reload.
    static let gnuTime = "/usr/bin/time"
}

/// One row of the peer table: the same figure for both programs, their ratio and its target.
struct PeerFigure: Encodable {
    let id: String
    let label: String
    let unit: String
    let newsboat: Double
    let nytreader: Double
    /// nytreader ÷ newsboat must not exceed this, when set.
    let ratioTarget: Double?
    /// nytreader's own value must not exceed this, when set.
    let target: Double?
    let how: String

    init(
        _ id: String, _ label: String, unit: String, newsboat: Double, nytreader: Double, ratioTarget: Double? = nil,
        target: Double? = nil, how: String
    ) {
        self.id = id
        self.label = label
        self.unit = unit
        self.newsboat = newsboat
        self.nytreader = nytreader
        self.ratioTarget = ratioTarget
        self.target = target
        self.how = how
    }

    var ratio: Double { newsboat > 0 ? nytreader / newsboat : 0 }

    /// `ok`, `MISSED`, or empty without a target.
    var verdict: String {
        let checks = [ratioTarget.map { ratio <= $0 }, target.map { nytreader <= $0 }].compactMap { $0 }
        if checks.isEmpty { return "" }
        return checks.allSatisfy { $0 } ? "ok" : "MISSED"
    }

    var targetText: String {
        [ratioTarget.map { "≤ \(Measurement.format($0))×" }, target.map { "≤ \(Measurement.format($0)) \(unit)" }]
            .compactMap { $0 }.joined(separator: ", ")
    }

    var cells: [String] {
        [
            label, "\(Measurement.format(newsboat)) \(unit)", "\(Measurement.format(nytreader)) \(unit)",
            "\(Measurement.format(ratio))×", targetText, verdict, how,
        ]
    }
}

/// The peer table, for the console and for docs/performance.md.
struct PeerReport {
    let figures: [PeerFigure]
    let machine: String
    let date: Date
    let newsboatVersion: String

    static let header = ["figure", "newsboat", "nytreader", "ratio", "target", "", "how"]

    func markdownTable() -> String {
        var lines = ["| " + Self.header.joined(separator: " | ") + " |", "|---|---:|---:|---:|---|---|---|"]
        for figure in figures {
            var cells = figure.cells
            if figure.verdict == "MISSED" { cells[5] = "**missed**" }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append(
            "\(newsboatVersion) and nytreader \(ProgramVersion.current), run of \(ISO8601DateFormatter().string(from: date)) on \(machine)."
        )
        return lines.joined(separator: "\n") + "\n"
    }

    func consoleTable() -> String {
        let rows = [Self.header] + figures.map(\.cells)
        let widths = Self.header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let lines = rows.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return (1...3).contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
        return lines.joined(separator: "\n") + "\n" + machine + "\n"
    }

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(figures)
    }
}
