import ArticleStore
import Foundation
import NewsCore

/// `nytreader trend` over the archive cache, in process through the store: one term and three terms, by
/// year and by month, over every imported month.
struct TrendBenchmarks {
    /// One term, and three that together match about a tenth of the generated articles.
    static let queries: [(name: String, terms: [String])] = [
        ("one_term", ["climate"]),
        ("three_terms", ["climate change", "election", "supreme court"]),
    ]

    /// The median time of each query by year and by month, over `repeats` runs after one warm-up.
    func figures(_ database: BenchDatabase, repeats: Int) throws -> [Measurement] {
        let store = try ArticleStore(path: database.path, policy: BenchDatabase.keepEverything, access: .readOnlyWhenReady)
        let size = database.articleCount
        var measurements: [Measurement] = []
        for interval in TrendInterval.allCases {
            for query in Self.queries {
                let trendQuery = TrendQuery(terms: query.terms, interval: interval)
                let periods = try store.trend(trendQuery).coverage.count
                var samples = Samples()
                var processor = Samples()
                for _ in 0..<repeats {
                    let started = Self.processorMilliseconds()
                    samples.append(try Stopwatch.time { try store.trend(trendQuery) }.milliseconds)
                    processor.append(Self.processorMilliseconds() - started)
                }
                measurements.append(
                    Measurement(
                        "archive.trend_\(query.name)_by_\(interval.rawValue)_\(size)",
                        "trend of \(query.terms.count) term\(query.terms.count == 1 ? "" : "s") by \(interval.rawValue), \(size.formatted()) archived",
                        value: samples.median, unit: "ms", target: query.terms.count == 1 ? 500 : 1_000,
                        detail:
                            "median of \(repeats) after a warm-up (processor time \(Measurement.format(processor.median)) ms); \(periods) periods; "
                            + query.terms.joined(separator: ", ")
                    ))
            }
        }
        return measurements
    }

    /// The processor time this process has used, in milliseconds (on a loaded machine the wall time
    /// includes waiting for a core).
    static func processorMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }
}
