import ArticleStore
import Foundation
import NewsCore
import TestSupport

/// The store's figures, taken in-process through `ArticleStore`'s public API.
struct StoreBenchmarks {
    /// Where scratch databases go.
    let directory: String
    let now: Date

    /// Searches a person might type: prefixes, words without their accents, several words, Japanese and Chinese.
    static let searchQueries = [
        "elec", "presid", "clim", "tarif", "war", "reykjavik",
        "cafe", "sao paulo", "zurich", "montreal", "beyonce", "krakow",
        "climate change", "supreme court ruling", "trade war tariffs", "federal reserve interest rates",
        "東京", "気候変動", "経済", "选举",
    ]

    /// Persisting one refresh of `count` new articles into an empty cache, and a second refresh of the same
    /// feed where a tenth of the articles changed; medians over `runs` fresh databases.
    func persist(count: Int, runs: Int, target: Double?) throws -> [Measurement] {
        var generator = ArticleGenerator(seed: 0x7265_6672_6573_68, now: now)
        let articles = generator.articles(0..<count)
        var changed = articles
        for index in stride(from: 0, to: changed.count, by: 10) { changed[index].title += " (updated)" }
        var first = Samples()
        var again = Samples()
        let feed = Feed.topStories(.world)
        for run in 0..<runs {
            let path = "\(directory)/persist-\(count)-\(run).sqlite"
            let store = try ArticleStore(path: path)
            first.append(
                try Stopwatch.time {
                    try store.apply(FeedSnapshot(feed: feed, articles: articles, fetchedDate: now), origin: .network)
                }.milliseconds)
            again.append(
                try Stopwatch.time {
                    try store.apply(FeedSnapshot(feed: feed, articles: changed, fetchedDate: now + 60), origin: .network)
                }.milliseconds)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let label = count.formatted()
        return [
            Measurement(
                "store.persist_\(count)", "persist a refresh of \(label) new articles", value: first.median,
                unit: "ms", target: target, detail: "median of \(runs), empty cache"),
            Measurement(
                "store.persist_\(count)_again", "persist a refresh of \(label), 10 % changed", value: again.median,
                unit: "ms", target: target, detail: "median of \(runs), same feed again"),
        ]
    }

    /// The first 50 rows of a feed of `database.articleCount` articles read by a store just opened, and the
    /// feed's status (count, age) the status line needs; then windows further down from a warm store.
    func window(_ database: BenchDatabase, runs: Int) throws -> [Measurement] {
        var first = Samples()
        var status = Samples()
        var scrolled = Samples()
        var random = SplitMix64(seed: 42)
        for _ in 0..<runs {
            let store = try ArticleStore(path: database.path, policy: BenchDatabase.keepEverything)
            let rows = try Stopwatch.time { try store.entries(in: BenchDatabase.feed, range: 0..<50) }
            guard rows.value.count == 50 else { throw BenchError.unexpected("first window has \(rows.value.count) rows") }
            first.append(rows.milliseconds)
            status.append(try Stopwatch.time { try store.status(of: BenchDatabase.feed) }.milliseconds)
            for _ in 0..<20 {
                let start = Int.random(in: 0..<(database.articleCount - 50), using: &random)
                scrolled.append(try Stopwatch.time { try store.entries(in: BenchDatabase.feed, range: start..<start + 50) }.milliseconds)
            }
        }
        let size = database.articleCount.formatted()
        return [
            Measurement(
                "store.first_window_\(database.articleCount)", "first window of 50 rows, \(size) cached",
                value: first.median, unit: "ms", target: 5, detail: "median of \(runs) fresh opens"),
            Measurement(
                "store.feed_status_\(database.articleCount)", "feed status (count, age), \(size) cached",
                value: status.median, unit: "ms", detail: "median of \(runs)"),
            Measurement(
                "store.window_p99_\(database.articleCount)", "any window of 50 rows p99, \(size) cached",
                value: scrolled.percentile(99), unit: "ms", target: 5, detail: "\(scrolled.count) random offsets"),
        ]
    }

    /// Full-text searches over `database`, `repeats` times each of `searchQueries`.
    /// Also returns each query's hit count and median time (ms).
    func search(_ database: BenchDatabase, repeats: Int) throws -> (
        measurements: [Measurement], hits: [String: Int], medians: [String: Double]
    ) {
        let store = try ArticleStore(path: database.path, policy: BenchDatabase.keepEverything)
        var samples = Samples()
        var hits: [String: Int] = [:]
        var medians: [String: Double] = [:]
        for query in Self.searchQueries {
            hits[query] = try store.search(query, limit: 50).count
            var times = Samples()
            for _ in 0..<repeats {
                times.append(try Stopwatch.time { try store.search(query, limit: 50) }.milliseconds)
            }
            for time in times.values { samples.append(time) }
            medians[query] = times.median
        }
        let size = database.articleCount.formatted()
        let detail = "\(Self.searchQueries.count) queries × \(repeats), limit 50"
        return (
            [
                Measurement(
                    "store.search_p50_\(database.articleCount)", "search p50, \(size) cached", value: samples.median,
                    unit: "ms", target: 20, detail: detail),
                Measurement(
                    "store.search_p99_\(database.articleCount)", "search p99, \(size) cached",
                    value: samples.percentile(99), unit: "ms", target: 20, detail: detail),
            ], hits, medians
        )
    }
}

/// A benchmark that could not run as planned.
enum BenchError: Error, CustomStringConvertible {
    case unexpected(String)

    var description: String {
        switch self {
        case .unexpected(let message): return message
        }
    }
}
