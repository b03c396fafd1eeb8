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
                for _ in 0..<repeats {
                    samples.append(try Stopwatch.time { try store.trend(trendQuery) }.milliseconds)
                }
                measurements.append(Measurement(
                    "archive.trend_\(query.name)_by_\(interval.rawValue)_\(size)",
                    "trend of \(query.terms.count) term\(query.terms.count == 1 ? "" : "s") by \(interval.rawValue), \(size.formatted()) archived",
                    value: samples.median, unit: "ms", target: query.terms.count == 1 ? 500 : 1_000,
                    detail: "median of \(repeats) after a warm-up; \(periods) periods; \(query.terms.joined(separator: ", "))"
                ))
            }
        }
        return measurements
    }
}
