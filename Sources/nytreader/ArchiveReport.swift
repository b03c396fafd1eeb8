import FoundationEssentials
import NewsCore
import NYTAPI
import ReaderService

/// `nytreader archive --status`: the months imported, their articles and bytes, and the cache's size; and
/// the words for what a month's response held that its import line reports.
enum ArchiveReport {
    static func lines(_ service: ReaderService) throws -> [String] {
        let months = try service.archiveMonths()
        let articles = months.reduce(0) { $0 + $1.articleCount }
        let bytes = months.reduce(0) { $0 + $1.byteCount }
        var lines = [
            "\(months.count) month\(months.count == 1 ? "" : "s") imported, \(GroupedCount(articles)) articles, "
                + "\(megabytes(bytes)) downloaded; the cache is \(megabytes(try service.cacheSize()))"
        ]
        for month in months {
            let reported = month.hits.map { " of \(GroupedCount($0))" } ?? ""
            lines.append("\(month.month)  \(GroupedCount(month.articleCount))\(reported) articles  \(megabytes(month.byteCount))")
        }
        return lines
    }

    /// `the NYT counts 5 articles for the month but sent 3 (2 missing); the month is not complete`, when
    /// the response held fewer docs than the NYT counts for the month.
    static func shortfall(_ summary: ArchiveSummary?) -> String? {
        guard let summary, let hits = summary.hits, summary.missingCount > 0 else { return nil }
        return "the NYT counts \(GroupedCount(hits)) articles for the month but sent \(GroupedCount(summary.documentCount)) "
            + "(\(GroupedCount(summary.missingCount)) missing); the month is not complete"
    }

    /// `4 dated outside the month left out`, when the response held such docs.
    static func outside(_ summary: ArchiveSummary?) -> String? {
        guard let summary, summary.outsideCount > 0 else { return nil }
        return "\(GroupedCount(summary.outsideCount)) dated outside the month left out"
    }

    /// `23.4 MB`.
    static func megabytes(_ bytes: Int) -> String {
        DecimalText.fixed(Double(bytes) / 1_000_000, digits: 1) + " MB"
    }
}
