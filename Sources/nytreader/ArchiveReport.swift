import ArticleStore
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
        let free = try await service.cacheFreeSize()
        var lines = [
            "\(Counted(months.count, "month")) imported, \(Counted(articles, "article")), "
                + "\(megabytes(bytes)) downloaded; the cache is \(megabytes(cacheSize))"
                + (free >= 100_000 ? " (\(megabytes(free)) of it free: nytreader archive --compact gives it back)" : "")
        ]
        let inPart = try await service.archiveMonthsInPart()
        if !inPart.isEmpty {
            lines[0] += "; \(Counted(inPart.count, "month")) imported in part"
        }
        var rows = months.map { month in
            (
                month.month.description,
                "\(month.month)  \(articleCounts(of: month))  \(megabytes(month.byteCount))"
                    + (month.isWhole(at: Date()) ? "" : "  (imported \(day(month.completedDate)), before the month ended)")
            )
        }
        for status in inPart {
            guard case .archive(let month) = status.feed else { continue }
            rows.append(
                (
                    month.description,
                    "\(month)  \(Counted(status.count, "article")) so far, imported in part (nytreader archive \(month) goes on)"
                ))
        }
        return lines + rows.sorted { $0.0 > $1.0 }.map(\.1)
    }

    /// `300 of 300 articles` when the month's articles are all the NYT counts for it, `998 articles (2 of
    /// the NYT's 1,000 left out)` when some were unreadable, repeated or dated outside the month, `8 articles`
    /// when the NYT gave no count.
    private static func articleCounts(of month: ArchiveMonthStatus) -> String {
        let count = GroupedCount(month.articleCount)
        // A count below the articles sent is the NYT's mistake: left unsaid rather than "50 of 0".
        guard let hits = month.hits, hits >= month.articleCount else { return "\(Counted(month.articleCount, "article"))" }
        guard hits > month.articleCount else { return "\(count) of \(Counted(hits, "article"))" }
        return
            "\(Counted(month.articleCount, "article")) (\(GroupedCount(hits - month.articleCount)) of the NYT's \(GroupedCount(hits)) left out)"
    }

    /// `2026-11-20`, the day (UTC) of `date`.
    private static func day(_ date: Date) -> String {
        CivilCalendar.isoDate(ofDay: CivilCalendar.day(atSeconds: date.timeIntervalSince1970))
    }

    /// `2024-03: 6,912 articles, 6,880 new, 14.2 s`, with `, 3 dated outside the month left out` and
    /// `, 2 unreadable or repeated left out` before the time when the response held such docs.
    static func imported(_ month: ArchiveMonth, _ changes: RefreshChanges, _ summary: ArchiveSummary?, seconds: Double) -> String {
        let outside = summary.map(\.outsideCount).flatMap { $0 > 0 ? ", \(GroupedCount($0)) dated outside the month left out" : nil }
        let skipped = summary.map(\.skippedCount).flatMap { $0 > 0 ? ", \(GroupedCount($0)) unreadable or repeated left out" : nil }
        return "\(month): \(Counted(changes.total, "article")), \(GroupedCount(changes.inserted)) new\(outside ?? "")\(skipped ?? ""), "
            + "\(DecimalText.fixed(seconds, digits: 1)) s"
    }

    /// Why a month was not imported: `the NYT counts 5 articles for the month but sent 3 (2 missing); the
    /// month is not complete` when its response was short, else the failure's message.
    static func whyNotImported(_ failure: RefreshFailure, _ summary: ArchiveSummary?) -> String {
        guard let summary, let hits = summary.hits, summary.missingCount > 0 else { return failure.message }
        return "the NYT counts \(GroupedCount(hits)) articles for the month but sent \(GroupedCount(summary.documentCount)) "
            + "(\(GroupedCount(summary.missingCount)) missing); the month is not complete"
    }

    /// `Compacted the cache: 41.7 MB → 12.3 MB; the text of 3,000 articles packed; the words of 2 archive
    /// indexes listed for search; the common words of 2 archive indexes indexed.`, or that it was compact
    /// already.
    static func compacted(_ compaction: Compaction) -> String {
        let listed =
            compaction.listedIndexes > 0
            ? "; the words of \(Counted(compaction.listedIndexes, "archive index", "archive indexes")) listed for search" : ""
        let indexed =
            compaction.indexesWithWordSets > 0
            ? "; the common words of \(Counted(compaction.indexesWithWordSets, "archive index", "archive indexes")) indexed" : ""
        guard compaction.rewritten else { return "The cache (\(megabytes(compaction.bytesAfter))) is compact already\(listed)\(indexed)." }
        let packed = compaction.packedArticles > 0 ? "; the text of \(Counted(compaction.packedArticles, "article")) packed" : ""
        return
            "Compacted the cache: \(megabytes(compaction.bytesBefore)) → \(megabytes(compaction.bytesAfter))\(packed)\(listed)\(indexed)."
    }

    /// `23.4 MB`.
    static func megabytes(_ bytes: Int) -> String {
        DecimalText.fixed(Double(bytes) / 1_000_000, digits: 1) + " MB"
    }
}
