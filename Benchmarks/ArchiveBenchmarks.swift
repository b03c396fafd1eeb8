import ArticleStore
import Foundation
import NYTAPI
import NewsCore
import TestSupport

/// The archive at scale: one month imported (decode, map, write), and a cache of a million archived
/// articles (built once, kept with `--reuse-archive`): windows, search and bytes per article.
struct ArchiveBenchmarks {
    /// Where the archive cache and scratch databases go.
    let directory: String
    let now: Date

    /// Docs in one generated month (a month of the 2010s has about this many).
    static let monthSize = 8_000
    /// The latest month of the generated archive; earlier ones go back from it.
    static let lastMonth = ArchiveLayout.lastMonth

    /// Imports `month`'s generated body into `store` as the program does, without the network: streamed
    /// decoding in batches of 500, each set aside, then the month written in publication order and completed.
    static func importMonth(_ month: ArchiveMonth, body: Data, into store: ArticleStore, now: Date) throws {
        try store.beginImport(of: month)
        let summary = try NYTClient.decodeArchive(body, month: month) { articles, _ in
            try store.stageBatch(articles, of: month)
        }
        try store.completeImport(of: month, hits: summary.hits, byteCount: summary.byteCount, fetchedDate: now, at: now)
    }

    static func body(_ month: ArchiveMonth, docs: Int = monthSize, multimediaItems: Int = 8) -> Data {
        ArchiveMonthJSON.body(year: month.year, month: month.month, count: docs, multimediaItems: multimediaItems, seed: 7)
    }

    /// One 8,000-doc month (about 30 MB) into an empty cache: decode, map and write; median of `runs`.
    func importMonth(runs: Int) throws -> Measurement {
        let month = Self.lastMonth
        let body = Self.body(month)
        var samples = Samples()
        for run in 0..<runs {
            let path = "\(directory)/archive-import-\(run).sqlite"
            let store = try ArticleStore(path: path)
            samples.append(try Stopwatch.time { try Self.importMonth(month, body: body, into: store, now: now) }.milliseconds)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        return Measurement(
            "archive.import_month_\(Self.monthSize)", "import one archive month of \(Self.monthSize.formatted()) docs",
            value: samples.median, unit: "ms", target: 2_000,
            detail:
                "median of \(runs); \(body.count / 1_000_000) MB decoded and mapped in batches of 500, set aside, written in publication order"
        )
    }

    /// The archive cache of at least `count` articles at `<directory>/archive-<count>.sqlite` (`make bench`'s
    /// compact layout), built unless `reuse` finds it (see `cache(_:at:keep:)`). Returns it, its months,
    /// and how long building took (nil when there was nothing to build).
    func cache(count: Int, reuse: Bool) throws -> (database: BenchDatabase, months: [ArchiveMonth], buildSeconds: Double?) {
        let layout = ArchiveLayout.compact(count: count, monthSize: Self.monthSize)
        let (database, seconds) = try cache(layout, at: "\(directory)/archive-\(count).sqlite", keep: reuse)
        return (database, layout.months.map(\.month), seconds)
    }

    /// The archive cache of `layout` at `path`, each month imported as the program does. With `keep`, a
    /// cache already there keeps the months it holds whole and only the others are imported (a build
    /// that was stopped goes on where it stopped; a month of another layout is forgotten); without, the
    /// cache is built anew. Returns it and how long the imports took (nil when none was needed).
    func cache(_ layout: ArchiveLayout, at path: String, keep: Bool) throws -> (database: BenchDatabase, buildSeconds: Double?) {
        if !keep {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let store = try ArticleStore(path: path, policy: BenchDatabase.keepEverything)
        let database = BenchDatabase(path: path, articleCount: layout.articleCount)
        let imported = Set(try store.archiveMonths().map(\.month))
        let planned = Set(layout.months.map(\.month))
        let foreign = imported.subtracting(planned)
        if !foreign.isEmpty { try store.forget(Array(foreign)) }
        let missing = layout.months.filter { !imported.contains($0.month) }
        guard !missing.isEmpty else {
            try buildWordSets(store, at: path)
            return (database, nil)
        }
        progress("archive: \(missing.count) of \(layout.months.count) months to import into \(path)")
        let started = Stopwatch.now()
        var done = 0
        for (month, docs) in missing {
            try Self.importMonth(month, body: Self.body(month, docs: docs, multimediaItems: layout.multimediaItems), into: store, now: now)
            done += docs
            let percent = done * 100 / max(1, missing.reduce(0) { $0 + $1.docs })
            if month.month == 12 || month == missing.last?.month {
                let seconds = (Stopwatch.now() - started) / 1_000
                progress("archive: \(month) imported, \(percent) % of the docs to import, \(Int(seconds)) s")
            }
        }
        try buildWordSets(store, at: path)
        return (database, (Stopwatch.now() - started) / 1_000)
    }

    /// Makes the sets of articles per common word of the cache's indexes that have none, as `archive
    /// --compact` does (built with the cache, or with a cache built by a version before them).
    private func buildWordSets(_ store: ArticleStore, at path: String) throws {
        let started = Stopwatch.now()
        let made = try store.buildWordSets()
        guard made > 0 else { return }
        progress("archive: the common words of \(made) indexes of \(path) indexed in \(Int((Stopwatch.now() - started) / 1_000)) s")
    }

    /// Windows of 50 rows at random places of random months, search, and bytes per article.
    func figures(_ database: BenchDatabase, months: [ArchiveMonth], repeats: Int) throws -> [Measurement] {
        let layout = ArchiveLayout(months: months.map { ($0, Self.monthSize) }, multimediaItems: 8)
        return [try windows(database, layout: layout)]
            + (try search(database, repeats: repeats, targets: (30, 30))).measurements + [bytesPerArticle(database, target: 1_200)]
    }

    /// The store's search figures (p50, p99) over the archive cache, with these targets, and a note of
    /// each query's hits and median time.
    func search(_ database: BenchDatabase, repeats: Int, targets: (p50: Double, p99: Double)) throws -> (
        measurements: [Measurement], note: String
    ) {
        let search = try StoreBenchmarks(directory: directory, now: now).search(database, repeats: repeats)
        let measurements = search.measurements.map { measurement in
            Measurement(
                measurement.id.replacingOccurrences(of: "store.", with: "archive."),
                measurement.label.replacingOccurrences(of: "cached", with: "archived"),
                value: measurement.value, unit: measurement.unit, target: measurement.id.contains("p50") ? targets.p50 : targets.p99,
                detail: measurement.detail)
        }
        let note =
            "search at \(database.articleCount.formatted()), " + StoreBenchmarks.queryNote(hits: search.hits, medians: search.medians)
        return (measurements, note)
    }

    /// The p99 of 200 windows of 50 rows at random places of random months of `layout`.
    func windows(_ database: BenchDatabase, layout: ArchiveLayout) throws -> Measurement {
        let store = try ArticleStore(path: database.path, policy: BenchDatabase.keepEverything)
        var random = SplitMix64(seed: 7)
        var windows = Samples()
        for _ in 0..<200 {
            let (month, docs) = layout.months[Int(random.next() % UInt64(layout.months.count))]
            let start = Int(random.next() % UInt64(max(1, ArchiveMonthJSON.readableCount(docs) - 50)))
            windows.append(try Stopwatch.time { try store.entries(in: .archive(month), range: start..<start + 50) }.milliseconds)
        }
        return Measurement(
            "archive.window_p99_\(database.articleCount)",
            "any window of 50 rows of a month p99, \(database.articleCount.formatted()) archived",
            value: windows.percentile(99), unit: "ms", target: 5, detail: "200 random months and offsets")
    }

    /// The cache's bytes (database and WAL) per archived article.
    func bytesPerArticle(_ database: BenchDatabase, target: Double) -> Measurement {
        Measurement(
            "archive.bytes_per_article_\(database.articleCount)", "cache bytes per article, \(database.articleCount.formatted()) archived",
            value: Double(database.fileBytes()) / Double(database.articleCount), unit: "B", target: target,
            detail: "(db + wal) / articles")
    }

    /// The title of the first article of `month` in the reader's order (to know its first screen).
    func firstTitle(of month: ArchiveMonth, in database: BenchDatabase) throws -> String {
        let store = try ArticleStore(path: database.path, policy: BenchDatabase.keepEverything)
        guard let first = try store.entries(in: .archive(month), range: 0..<1).first else {
            throw BenchError.unexpected("\(month) is empty")
        }
        return first.article.title
    }
}
