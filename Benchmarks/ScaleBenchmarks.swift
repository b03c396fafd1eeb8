import ArticleStore
import Foundation
import NewsCore
import TestSupport

/// The whole NYT on one machine (`make bench-scale`): archive caches of 100,000, 1,000,000 and 15,000,000
/// articles spread over every month since 1851 (`ArchiveLayout.spread`), each built once into
/// `<directory>/archive-<count>.sqlite` and kept (a build that was stopped goes on where it stopped), and
/// the same rows measured on each: the reader's start and memory, windows, search, trends, `archive
/// --status`, the section picker with every month, bytes per article, and a month imported into the
/// full cache.
struct ScaleBenchmarks {
    /// Where the caches are kept.
    let directory: String
    /// The release `nytreader`.
    let binary: String
    /// Runs of each process-timed figure.
    let runs: Int
    let now: Date

    /// The month imported into each full cache (and forgotten again): after the generated archive.
    static let importedMonth = ArchiveMonth("2025-01", latest: ArchiveMonth(containingDay: 30_000))!

    /// Builds what is missing of the cache of `count` articles; returns it, and how long it took.
    func cache(count: Int) throws -> (database: BenchDatabase, layout: ArchiveLayout, buildSeconds: Double?) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let layout = ArchiveLayout.spread(count: count)
        let archive = ArchiveBenchmarks(directory: directory, now: now)
        let (database, seconds) = try archive.cache(layout, at: "\(directory)/archive-\(count).sqlite", keep: true)
        return (database, layout, seconds)
    }

    /// Every row on the cache of `count` articles, built first when needed.
    func figures(count: Int, notes: inout [String]) throws -> [Measurement] {
        let (database, layout, buildSeconds) = try cache(count: count)
        if let buildSeconds {
            notes.append("building the cache of \(count.formatted()) articles took \(Int(buildSeconds)) s")
        }
        let size = count.formatted()
        let archive = ArchiveBenchmarks(directory: directory, now: now)
        let work = "\(directory)/work"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        var measurements: [Measurement] = []

        progress("scale \(size): the reader on the newest month")
        let reader = ReaderBenchmarks(binary: binary, directory: work)
        let newest = layout.months[layout.months.count - 1].month
        measurements += try reader.startUp(
            database, firstTitle: try archive.firstTitle(of: newest, in: database), runs: runs,
            arguments: "--archive \(newest) --offline", target: 50, memoryTarget: 30)
        progress("scale \(size): the section picker with every month")
        measurements += try reader.picker(
            database, month: newest.description, firstTitle: try archive.firstTitle(of: newest, in: database),
            feeds: layout.months.count, runs: runs * 2, target: 50)

        progress("scale \(size): windows, search, trends")
        measurements.append(try archive.windows(database, layout: layout))
        let search = try archive.search(database, repeats: 5, targets: (20, 60))
        measurements += search.measurements
        notes.append(search.note)
        for query in TrendBenchmarks.queries {
            let (label, terms) = ("trend of \(query.terms.count) term\(query.terms.count == 1 ? "" : "s") by year", query.terms)
            let samples = try command(["trend"] + terms + ["--json", "--db", database.path], work: work)
            measurements.append(
                Measurement(
                    "archive.trend_\(query.name)_command_\(count)", "\(label), \(size) archived", value: samples.median, unit: "ms",
                    target: terms.count == 1 ? 500 : 1_000,
                    detail: "nytreader trend --json, median of \(runs), process start to exit; " + terms.joined(separator: ", ")))
        }

        progress("scale \(size): archive --status")
        let status = try command(["archive", "--status", "--db", database.path], work: work)
        measurements.append(
            Measurement(
                "archive.status_\(count)", "archive --status, \(size) archived", value: status.median, unit: "ms", target: 100,
                detail: "median of \(runs), process start to exit"))
        measurements.append(archive.bytesPerArticle(database, target: 1_000))

        progress("scale \(size): one month of \(ArchiveBenchmarks.monthSize) docs imported into the cache")
        measurements.append(try importMonth(into: database, runs: 3))
        return measurements
    }

    /// `nytreader ARGUMENTS` timed from the spawn to its exit, `runs` times after one that is not counted
    /// (it reads the cache's pages into the page cache).
    private func command(_ arguments: [String], work: String) throws -> Samples {
        let environment = ["HOME": work, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = "\(work)/command.txt"
        var samples = Samples()
        for run in 0...runs {
            let (milliseconds, status) = try Stopwatch.time {
                try ChildProcess(binary, arguments, environment: environment, output: output, errorOutput: nil).waitForExit()
            }
            guard status == 0 else {
                throw BenchError.unexpected(
                    "nytreader \(arguments.joined(separator: " ")) exited with \(status): \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")"
                )
            }
            if run > 0 { samples.append(milliseconds) }
        }
        return samples
    }

    /// One generated month of 8,000 docs imported into the full cache as the program imports it, then
    /// forgotten again; median of `runs`.
    private func importMonth(into database: BenchDatabase, runs: Int) throws -> Measurement {
        let month = Self.importedMonth
        let body = ArchiveBenchmarks.body(month)
        let store = try ArticleStore(path: database.path, policy: BenchDatabase.keepEverything)
        var samples = Samples()
        for _ in 0..<runs {
            samples.append(try Stopwatch.time { try ArchiveBenchmarks.importMonth(month, body: body, into: store, now: now) }.milliseconds)
            try store.forget([month])
        }
        return Measurement(
            "archive.import_month_into_\(database.articleCount)",
            "import one month of \(ArchiveBenchmarks.monthSize.formatted()) docs, \(database.articleCount.formatted()) archived",
            value: samples.median, unit: "ms", target: 2_000,
            detail:
                "median of \(runs); \(body.count / 1_000_000) MB decoded and mapped in batches of 500, set aside, written in publication order, then forgotten"
        )
    }
}

/// The figures of `make bench-scale` side by side, a column per cache size.
struct ScaleReport {
    /// The figures of each size, in the order of the sizes.
    let sizes: [(count: Int, measurements: [Measurement])]
    let notes: [String]
    let machine: String
    let date: Date

    /// One row per figure (its label without the size), its value at each size, the target and whether
    /// the largest size meets it.
    var rows: [[String]] {
        guard let first = sizes.first else { return [] }
        return first.measurements.indices.map { index in
            let measurement = first.measurements[index]
            let values = sizes.map { size in
                size.measurements.indices.contains(index) ? size.measurements[index].formattedValue : "—"
            }
            let largest = sizes[sizes.count - 1].measurements
            let verdict = largest.indices.contains(index) ? largest[index].verdict : ""
            return [Self.figureName(measurement.label), measurement.unit] + values + [
                measurement.formattedTarget, verdict, measurement.detail,
            ]
        }
    }

    var header: [String] {
        ["figure", "unit"] + sizes.map { $0.count.formatted() } + ["target", "", "how"]
    }

    /// `search p50, 1,000,000 archived` → `search p50`.
    static func figureName(_ label: String) -> String {
        guard let comma = label.range(of: ", ", options: .backwards),
            label[comma.upperBound...].first?.isNumber == true
        else { return label }
        return String(label[..<comma.lowerBound])
    }

    func markdownTable() -> String {
        let alignment = ["---", "---"] + sizes.map { _ in "---:" } + ["---", "---", "---"]
        var lines = ["| " + header.joined(separator: " | ") + " |", "|" + alignment.joined(separator: "|") + "|"]
        for var cells in rows {
            if cells[cells.count - 2] == "MISSED" { cells[cells.count - 2] = "**missed**" }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines += notes.map { "- \($0)" }
        if !notes.isEmpty { lines.append("") }
        lines.append("Run of \(ISO8601DateFormatter().string(from: date)) on \(machine).")
        return lines.joined(separator: "\n") + "\n"
    }

    func consoleTable() -> String {
        let table = [header] + rows
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        let numeric = 2..<(2 + sizes.count)
        let lines = table.map { cells in
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return (lines + notes.map { "note: \($0)" } + [machine]).joined(separator: "\n") + "\n"
    }
}
