import Foundation
import NewsCore

/// The real release `nytreader` measured in tmux: time to the first screen, peak memory, and key-to-repaint
/// latency from the reader's own key trace (`NYTREADER_KEY_TRACE`).
struct ReaderBenchmarks {
    let binary: String
    /// Scratch folder for HOME and the key trace.
    let directory: String
    /// Variables for the reader beyond the clean environment (e.g. `NYTREADER_IMAGES`).
    var environmentExtras: [String: String] = [:]
    /// What sets these runs apart, for the figures' ids and labels (e.g. `("_photos", ", photos on")`).
    var variant = (id: "", label: "")

    /// Cold starts of the reader on `database` (median of `runs`), then its peak RSS after the first screen
    /// and some key presses (median over the runs).
    /// - Parameters:
    ///   - arguments: more arguments for the reader (already quoted), e.g. `--archive 2024-12`.
    ///   - target: the start-up target, when not the default for the size.
    ///   - memoryTarget: the peak RSS target, when not the default for the size.
    ///   - settled: what the screen shows once the keys' effects are done (e.g. a photo), waited for before
    ///     the peak memory is read.
    func startUp(
        _ database: BenchDatabase, firstTitle: String, runs: Int, arguments: String = "", target: Double? = nil,
        memoryTarget: Double? = nil, settled: (([String]) -> Bool)? = nil
    ) throws -> [Measurement] {
        let marker = Self.marker(for: firstTitle)
        var firstScreen = Samples()
        var peak = Samples()
        var retries = 0
        while firstScreen.count < runs {
            do {
                try startUpRuns(
                    database, marker: marker, runs: runs - firstScreen.count, arguments: arguments, settled: settled,
                    firstScreen: &firstScreen, peak: &peak)
            } catch {
                // tmux itself has been seen to stop answering now and then: start a new terminal and go on.
                retries += 1
                guard retries <= 2 else { throw error }
                FileHandle.standardError.write(Data("bench: \(error); starting a new terminal\n".utf8))
            }
        }
        let count = database.articleCount
        let size = count.formatted()
        let startTarget: Double = target ?? (count <= 10_000 ? 50 : 80)
        let memoryTarget: Double = memoryTarget ?? (count <= 10_000 ? 30 : 60)
        let retried = retries > 0 ? ", \(retries) terminal restart(s)" : ""
        return [
            Measurement(
                "reader.first_screen_\(count)\(variant.id)", "reader start to first screen, \(size) cached\(variant.label)",
                value: firstScreen.median, unit: "ms", target: startTarget,
                detail: "median of \(runs), tmux poll\(retried)"),
            Measurement(
                "reader.peak_rss_\(count)\(variant.id)", "reader peak RSS, \(size) cached\(variant.label)",
                value: peak.count > 0 ? peak.median : nil, unit: "MB", target: memoryTarget,
                detail: peak.count > 0 ? "VmHWM after 24 keys, median of \(peak.count)" : "process not found"),
        ]
    }

    /// `runs` starts in one terminal, appending to `firstScreen` (ms) and `peak` (MB).
    private func startUpRuns(
        _ database: BenchDatabase, marker: String, runs: Int, arguments: String, settled: (([String]) -> Bool)?,
        firstScreen: inout Samples, peak: inout Samples
    ) throws {
        let terminal = try ReaderTerminal(environment: environment(trace: nil))
        for _ in 0..<runs {
            let start = try terminal.start("\(TmuxControl.quote(binary)) --db \(TmuxControl.quote(database.path)) \(arguments)")
            guard let shown = try terminal.waitForScreen(timeout: 10, { $0.contains { $0.contains(marker) } }) else {
                throw BenchError.unexpected(
                    "the reader did not show “\(marker)” within 10 s:\n" + (try terminal.screen()).joined(separator: "\n"))
            }
            firstScreen.append(shown - start)
            for key in Array(repeating: "Down", count: 20) + ["NPage", "NPage", "NPage", "Home"] {
                try terminal.press(key)
            }
            usleep(200_000)
            if let settled, try terminal.waitForScreen(timeout: 10, settled) == nil {
                throw BenchError.unexpected("the reader did not settle within 10 s:\n" + (try terminal.screen()).joined(separator: "\n"))
            }
            if let pid = try terminal.foregroundProcess(), let kilobytes = ProcessMemory.peakResidentKilobytes(of: pid) {
                peak.append(Double(kilobytes) / 1_024)
            }
            try terminal.press("q")
            guard try terminal.waitForPrompt() else { throw BenchError.unexpected("the reader did not quit on q") }
        }
    }

    /// Key-to-repaint latency over `downs` Down and `pageDowns` PgDn presses on `database`, each key sent once
    /// the previous one was drawn.
    /// `selectedTitle` is the title of article `downs`, which the detail pane must show after the Down presses.
    func keypress(_ database: BenchDatabase, firstTitle: String, selectedTitle: String, downs: Int, pageDowns: Int) throws -> [Measurement]
    {
        let tracePath = "\(directory)/key-trace.txt"
        guard FileManager.default.createFile(atPath: tracePath, contents: nil) else {
            throw BenchError.unexpected("cannot create \(tracePath)")
        }
        let terminal = try ReaderTerminal(environment: environment(trace: tracePath))
        let trace = try KeyTraceReader(path: tracePath)
        _ = try terminal.start("\(TmuxControl.quote(binary)) --db \(TmuxControl.quote(database.path))")
        let marker = Self.marker(for: firstTitle)
        guard try terminal.waitForScreen(timeout: 10, { $0.contains { $0.contains(marker) } }) != nil else {
            throw BenchError.unexpected("the reader did not show its first screen")
        }
        let down = try press("Down", times: downs, terminal: terminal, trace: trace)
        let afterDowns = try terminal.screen()
        guard afterDowns.contains(where: { $0.contains(Self.marker(for: selectedTitle)) }) else {
            throw BenchError.unexpected(
                "after \(downs) Down the reader does not show article \(downs):\n"
                    + afterDowns.joined(separator: "\n"))
        }
        let pageDown = try press("NPage", times: pageDowns, terminal: terminal, trace: trace)
        guard try terminal.screen() != afterDowns else { throw BenchError.unexpected("PgDn did not move the list") }
        let complete = try pressUntilComplete("NPage", times: pageDowns, terminal: terminal)
        try terminal.press("q")
        _ = try terminal.waitForPrompt()
        let size = database.articleCount.formatted()
        func measurements(_ samples: Samples?, key: String, id: String, presses: Int) -> [Measurement] {
            let detail = samples.map { "\($0.count) of \(presses) presses traced" } ?? "no key trace (NYTREADER_KEY_TRACE)"
            return [
                Measurement(
                    "reader.key_\(id)_p50_\(database.articleCount)", "\(key) → repaint p50, \(size) cached",
                    value: samples?.median, unit: "ms", detail: detail),
                Measurement(
                    "reader.key_\(id)_p99_\(database.articleCount)", "\(key) → repaint p99, \(size) cached",
                    value: samples?.percentile(99), unit: "ms", target: 2, detail: detail),
            ]
        }
        return measurements(down, key: "Down", id: "down", presses: downs)
            + measurements(pageDown, key: "PgDn", id: "pgdn", presses: pageDowns)
            + [
                Measurement(
                    "reader.key_pgdn_complete_p50_\(database.articleCount)",
                    "PgDn → rows on screen p50, \(size) cached", value: complete.median, unit: "ms",
                    detail: "seen through tmux, \(complete.count) presses"),
                Measurement(
                    "reader.key_pgdn_complete_p99_\(database.articleCount)",
                    "PgDn → rows on screen p99, \(size) cached", value: complete.percentile(99), unit: "ms",
                    detail: "seen through tmux, \(complete.count) presses"),
            ]
    }

    /// `s` on the reader opened on archive `month` of `database`: the milliseconds from the key to the picker
    /// drawn with the counts of the feeds it shows (read after the key: the searches, the archive months and
    /// every feed's unread and total counts), then Esc; `runs` times in one reader; `target` for the p50.
    func picker(
        _ database: BenchDatabase, month: String, firstTitle: String, feeds: Int, runs: Int, target: Double = 20
    ) throws -> [Measurement] {
        let terminal = try ReaderTerminal(environment: environment(trace: nil))
        _ = try terminal.start("\(TmuxControl.quote(binary)) --db \(TmuxControl.quote(database.path)) --archive \(month) --offline")
        let marker = Self.marker(for: firstTitle)
        guard try terminal.waitForScreen(timeout: 10, { $0.contains { $0.contains(marker) } }) != nil else {
            throw BenchError.unexpected("the reader did not show its first screen")
        }
        // The feed on screen, marked `•` in the picker, with its `unread/total` at the right.
        let counted = /│ • .*\d[\d,]*\/\d[\d,]* │/
        var samples = Samples()
        for _ in 0..<runs {
            let start = Stopwatch.now()
            try terminal.press("s")
            guard
                let seen = try terminal.waitForScreen(
                    timeout: 2,
                    { lines in
                        lines.contains { $0.contains("┌─ Feeds") } && lines.contains { $0.contains(counted) }
                    })
            else {
                throw BenchError.unexpected(
                    "s did not show the picker with counts within 2 s:\n" + (try terminal.screen()).joined(separator: "\n"))
            }
            samples.append(seen - start)
            try terminal.press("Escape")
            guard try terminal.waitForScreen(timeout: 2, { !$0.contains { $0.contains("┌─ Feeds") } }) != nil else {
                throw BenchError.unexpected("Esc did not close the picker")
            }
        }
        try terminal.press("q")
        _ = try terminal.waitForPrompt()
        let size = database.articleCount.formatted()
        let detail = "\(runs) presses, seen through tmux"
        return [
            Measurement(
                "reader.picker_p50_\(database.articleCount)", "s → picker with counts p50, \(feeds) feeds, \(size) archived",
                value: samples.median, unit: "ms", target: target, detail: detail),
            Measurement(
                "reader.picker_p99_\(database.articleCount)", "s → picker with counts p99, \(feeds) feeds, \(size) archived",
                value: samples.percentile(99), unit: "ms", detail: detail),
        ]
    }

    /// Presses `key` `times` times; each time, the milliseconds from sending it to the first capture that
    /// differs from the screen before and shows every row loaded (no `…` placeholder row, no `Loading…`).
    /// Unlike the key trace, this includes rows the reader loads in the background after its first update.
    private func pressUntilComplete(_ key: String, times: Int, terminal: ReaderTerminal) throws -> Samples {
        var samples = Samples()
        var before = try terminal.screen()
        for _ in 0..<times {
            let start = Stopwatch.now()
            try terminal.press(key)
            var shown: [String] = []
            let seen = try terminal.waitForScreen(timeout: 2) { lines in
                shown = lines
                return lines != before && !lines.contains { $0.hasPrefix("  …") || $0.contains("Loading…") }
            }
            guard let seen else { throw BenchError.unexpected("\(key) did not bring a complete screen within 2 s") }
            samples.append(seen - start)
            before = shown
        }
        return samples
    }

    /// Presses `key` `times` times, waiting for each trace line; nil when the reader writes no trace.
    private func press(_ key: String, times: Int, terminal: ReaderTerminal, trace: KeyTraceReader) throws -> Samples? {
        var samples = Samples()
        for _ in 0..<times {
            try terminal.press(key)
            guard let microseconds = try trace.next(timeout: 1) else {
                if samples.count == 0 { return nil }
                continue
            }
            samples.append(microseconds / 1_000)
        }
        return samples
    }

    func environment(trace: String?) throws -> [String: String] {
        let home = "\(directory)/home-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var variables = ["HOME": home, "TERM": "tmux-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        if let trace { variables["NYTREADER_KEY_TRACE"] = trace }
        variables.merge(environmentExtras) { $1 }
        if let zone = ProcessInfo.processInfo.environment["TZ"] { variables["TZ"] = zone }
        return variables
    }

    /// A piece of the title that shows even when the list cuts it.
    static func marker(for title: String) -> String {
        let characters = Array(title)
        return String(characters.prefix(characters.allSatisfy(\.isASCII) ? 14 : 4))
    }
}
