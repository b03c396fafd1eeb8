import FoundationEssentials
import NewsCore
import ReaderService

/// `nytreader archive --status`: the months imported, their articles and bytes, and the cache's size.
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

    /// `23.4 MB`.
    static func megabytes(_ bytes: Int) -> String {
        DecimalText.fixed(Double(bytes) / 1_000_000, digits: 1) + " MB"
    }
}
