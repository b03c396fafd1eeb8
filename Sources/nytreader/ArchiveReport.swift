import FoundationEssentials
import NYTAPI
import NewsCore
import ReaderService
import ReaderViewModel

/// `nytreader archive --status`: the months imported, their articles and bytes, and the cache's size; and
/// the line `nytreader archive` prints for each month it imports, or fails to.
enum ArchiveReport {
    static func lines(_ service: ReaderService) async throws -> [String] {
        let months = try await service.archiveMonths()
        let articles = months.reduce(0) { $0 + $1.articleCount }
        let bytes = months.reduce(0) { $0 + $1.byteCount }
        let cacheSize = try await service.cacheSize()
        var lines = [
            "\(months.count) month\(months.count == 1 ? "" : "s") imported, \(GroupedCount(articles)) articles, "
                + "\(megabytes(bytes)) downloaded; the cache is \(megabytes(cacheSize))"
        ]
        for month in months {
            let reported = month.hits.map { " of \(GroupedCount($0))" } ?? ""
            lines.append("\(month.month)  \(GroupedCount(month.articleCount))\(reported) articles  \(megabytes(month.byteCount))")
        }
        return lines
    }

    /// `2024-03: 6,912 articles, 6,880 new, 14.2 s`, with `, 3 dated outside the month left out` before the
    /// time when the response held such docs.
    static func imported(_ month: ArchiveMonth, _ changes: RefreshChanges, _ summary: ArchiveSummary?, seconds: Double) -> String {
        let outside = summary.map(\.outsideCount).flatMap { $0 > 0 ? ", \(GroupedCount($0)) dated outside the month left out" : nil }
        return "\(month): \(GroupedCount(changes.total)) articles, \(GroupedCount(changes.inserted)) new\(outside ?? ""), "
            + "\(DecimalText.fixed(seconds, digits: 1)) s"
    }

    /// Why a month was not imported: `the NYT counts 5 articles for the month but sent 3 (2 missing); the
    /// month is not complete` when its response was short, else the failure's message.
    static func whyNotImported(_ failure: RefreshFailure, _ summary: ArchiveSummary?) -> String {
        guard let summary, let hits = summary.hits, summary.missingCount > 0 else { return failure.message }
        return "the NYT counts \(GroupedCount(hits)) articles for the month but sent \(GroupedCount(summary.documentCount)) "
            + "(\(GroupedCount(summary.missingCount)) missing); the month is not complete"
    }

    /// `23.4 MB`.
    static func megabytes(_ bytes: Int) -> String {
        DecimalText.fixed(Double(bytes) / 1_000_000, digits: 1) + " MB"
    }
}
