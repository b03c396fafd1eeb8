import NewsCore
import TestSupport

/// The months of a generated archive and the docs of each: `make bench`'s compact one (whole months of
/// 8,000 docs back from December 2024) or `make bench-scale`'s, spread over every month since January
/// 1851 as the real archive is: thin before 1900, thicker until 1980, thickest since.
struct ArchiveLayout {
    /// Each month and its docs (a few of which the client leaves out: `ArchiveMonthJSON.readableCount`),
    /// oldest first.
    let months: [(month: ArchiveMonth, docs: Int)]
    /// How long the older shape's `multimedia` arrays of the generated docs are (about 330 bytes an item).
    let multimediaItems: Int

    /// The latest month of a generated archive.
    static let lastMonth = ArchiveMonth("2024-12", latest: ArchiveMonth(containingDay: 30_000))!

    /// The articles the cache holds once every month is imported.
    var articleCount: Int {
        months.reduce(0) { $0 + ArchiveMonthJSON.readableCount($1.docs) }
    }

    /// Whole months of `monthSize` docs back from `lastMonth`, enough for `count` articles.
    static func compact(count: Int, monthSize: Int) -> ArchiveLayout {
        let wanted = max(1, (count + monthSize - 1) / monthSize)
        var months: [ArchiveMonth] = []
        var month = lastMonth
        while months.count < wanted {
            months.append(month)
            month = month.previous
        }
        return ArchiveLayout(months: months.reversed().map { ($0, monthSize) }, multimediaItems: 8)
    }

    /// Docs a month of each era has, relative to the others: 3 before 1900, 7 until 1980, 12 since.
    static func weight(year: Int) -> Int {
        year < 1900 ? 3 : year < 1980 ? 7 : 12
    }

    /// Every month from January 1851 to `lastMonth`, each with docs in proportion to its era's weight,
    /// about `count` articles in all (at least one doc a month). One multimedia item a doc: the cache
    /// keeps none of it, and the bodies are generated and decoded faster.
    static func spread(count: Int) -> ArchiveLayout {
        var all: [ArchiveMonth] = []
        var month = ArchiveMonth.first
        while month <= lastMonth {
            all.append(month)
            month = month.next
        }
        let totalWeight = all.reduce(0) { $0 + weight(year: $1.year) }
        // Docs for `count` readable articles (one doc in `unreadableEvery` is left out).
        let docs = Double(count) * Double(ArchiveMonthJSON.unreadableEvery) / Double(ArchiveMonthJSON.unreadableEvery - 1)
        var assigned = 0.0
        var months: [(month: ArchiveMonth, docs: Int)] = []
        for (index, month) in all.enumerated() {
            // Rounded on the running total, so the months add up to the whole.
            let before = (assigned * docs / Double(totalWeight)).rounded()
            assigned += Double(weight(year: month.year))
            let after = index == all.count - 1 ? docs.rounded() : (assigned * docs / Double(totalWeight)).rounded()
            months.append((month, max(1, Int(after - before))))
        }
        return ArchiveLayout(months: months, multimediaItems: 1)
    }
}
