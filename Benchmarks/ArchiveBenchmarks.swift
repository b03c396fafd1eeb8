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
    static let lastMonth = ArchiveMonth("2024-12", latest: ArchiveMonth(containingDay: 30_000))!

    /// The generated months for `count` articles, oldest first.
    static func months(for count: Int) -> [ArchiveMonth] {
        let wanted = max(1, (count + monthSize - 1) / monthSize)
        var months: [ArchiveMonth] = []
        var year = lastMonth.year
        var month = lastMonth.month
        while months.count < wanted {
            months.append(ArchiveMonth("\(year)-\(month < 10 ? "0" : "")\(month)", latest: lastMonth)!)
            month -= 1
            if month == 0 {
                month = 12
                year -= 1
            }
        }
        return months.reversed()
    }

    /// Imports `month`'s generated body into `store` as the program does, without the network: streamed
    /// decoding in batches of 500, each written in its transaction, then the month completed.
    static func importMonth(_ month: ArchiveMonth, body: Data, into store: ArticleStore, now: Date) throws {
        try store.beginImport(of: month)
        let summary = try NYTClient.decodeArchive(body, month: month) { articles, _ in
            try store.appendBatch(articles, to: month, fetchedDate: now)
        }
        try store.completeImport(of: month, hits: summary.hits, byteCount: summary.byteCount, at: now)
    }

    static func body(_ month: ArchiveMonth) -> Data {
        ArchiveMonthJSON.body(year: month.year, month: month.month, count: monthSize, multimediaItems: 8, seed: 7)
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
            detail: "median of \(runs); \(body.count / 1_000_000) MB decoded, mapped, written in batches of 500"
        )
    }

    /// The archive cache of at least `count` articles at `<directory>/archive-<count>.sqlite`, built unless
    /// `reuse` finds it complete. Returns it, and how long building took (nil when reused).
    func cache(count: Int, reuse: Bool) throws -> (database: BenchDatabase, months: [ArchiveMonth], buildSeconds: Double?) {
        let months = Self.months(for: count)
        let path = "\(directory)/archive-\(count).sqlite"
        let articles = months.count * ArchiveMonthJSON.readableCount(Self.monthSize)
        if reuse, FileManager.default.fileExists(atPath: path) {
            let store = try ArticleStore(path: path, policy: BenchDatabase.keepEverything)
            if try store.archiveMonths().count == months.count {
                return (BenchDatabase(path: path, articleCount: articles), months, nil)
            }
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let store = try ArticleStore(path: path, policy: BenchDatabase.keepEverything)
        let started = Stopwatch.now()
        for (index, month) in months.enumerated() {
            try Self.importMonth(month, body: Self.body(month), into: store, now: now)
            if index % 10 == 9 { progress("archive: \(index + 1) of \(months.count) months") }
        }
        return (BenchDatabase(path: path, articleCount: articles), months, (Stopwatch.now() - started) / 1_000)
    }

    /// Windows of 50 rows at random places of random months, search, and bytes per article.
    func figures(_ database: BenchDatabase, months: [ArchiveMonth], repeats: Int) throws -> [Measurement] {
        let store = try ArticleStore(path: database.path, policy: BenchDatabase.keepEverything)
        var random = SplitMix64(seed: 7)
        var windows = Samples()
        for _ in 0..<200 {
            let month = months[Int(random.next() % UInt64(months.count))]
            let start = Int(random.next() % UInt64(Self.monthSize - 100))
            windows.append(try Stopwatch.time { try store.entries(in: .archive(month), range: start..<start + 50) }.milliseconds)
        }
        let search = try StoreBenchmarks(directory: directory, now: now).search(database, repeats: repeats)
        let size = database.articleCount.formatted()
        return [
            Measurement(
                "archive.window_p99_\(database.articleCount)", "any window of 50 rows of a month p99, \(size) archived",
                value: windows.percentile(99), unit: "ms", target: 5, detail: "200 random months and offsets")
        ]
            + search.measurements.map { measurement in
                Measurement(
                    measurement.id.replacingOccurrences(of: "store.", with: "archive."),
                    measurement.label.replacingOccurrences(of: "cached", with: "archived"),
                    value: measurement.value, unit: measurement.unit, target: 30, detail: measurement.detail)
            } + [
                Measurement(
                    "archive.bytes_per_article_\(database.articleCount)", "cache bytes per article, \(size) archived",
                    value: Double(database.fileBytes()) / Double(database.articleCount), unit: "B", target: 1_200,
                    detail: "(db + wal) / articles")
            ]
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
