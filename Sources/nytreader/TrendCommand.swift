import ArgumentParser
import ArticleStore
import FoundationEssentials
import Glibc
import NewsCore
import ReaderConfig
import ReaderService
import TerminalUI

/// `nytreader trend WORDS…`: how the share of archived articles matching each term moves, by year or month.
struct TrendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trend",
        abstract: "Chart the share of archived articles matching words, year by year or month by month.",
        discussion: """
            For each term, the archived articles of each period whose headline or paragraph matches it, \
            per 10,000 of the period's articles (the archive keeps one paragraph of each article: the \
            lead paragraph, or the abstract when there is none). A term is words as the reader's / \
            search takes them once a space follows: each word must be there, whole, ignoring case and \
            accents (war counts war, not wars or warming); CJK text is found by any part. Periods run \
            from the period of the first month imported to that of the last, this month at the latest \
            (--from and --to change that); a period with no month imported, or no article, is a gap, \
            never a zero, and the chart says how much of the range is imported. Import months first with \
            'nytreader archive'.

            --json prints one array and --csv one table of period, term, matches, articles and share \
            (matches per 10,000 articles); a period not imported has null (empty) counts.

            Examples:
              nytreader trend "climate change" "global warming"
              nytreader trend election --by month --from 2023 --to 2024
              nytreader trend tariffs --chart bar --csv

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CacheOptions

    @Argument(help: ArgumentHelp("Terms to count (quote a term of several words).", valueName: "term"))
    var terms: [String] = []

    @Option(name: .long, help: ArgumentHelp("Count by year or month.", valueName: "year|month"))
    var by: TrendInterval = .year

    @Option(
        name: .long, help: ArgumentHelp("The first year or month counted (2019, 2019-03); default the first imported.", valueName: "period")
    )
    var from: String?

    @Option(
        name: .long, help: ArgumentHelp("The last year or month counted (2024, 2024-06); default the last imported.", valueName: "period"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp("Draw lines or bars.", valueName: "line|bar"))
    var chart: TrendChart.Style = .line

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Chart width in columns (default the terminal's, else 80).", valueName: "n"))
    var width: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Chart height in lines.", valueName: "n"))
    var height: Int = 20

    @Flag(name: .long, help: "Print a JSON array instead of the chart.")
    var json = false

    @Flag(name: .long, help: "Print CSV instead of the chart.")
    var csv = false

    func validate() throws {
        guard !terms.isEmpty else {
            throw ValidationError("Give at least one term to count (one that starts with - after --: nytreader trend -- -word).")
        }
        guard terms.count <= TrendChart.maximumTerms else {
            throw ValidationError("At most \(TrendChart.maximumTerms) terms can be charted together.")
        }
        for term in terms where !ArticleStore.isSearchable(term) {
            throw ValidationError("'\(term.terminalSafe.prefix(40))' has no word to look for.")
        }
        guard !(json && csv) else { throw ValidationError("--json and --csv cannot be used together.") }
        let range = try Self.range(from: from, to: to)
        if let first = range.first, let last = range.last, first > last {
            throw ValidationError("--from \(from ?? "") comes after --to \(to ?? "").")
        }
        if let width, !Self.widths.contains(width) { throw ValidationError("--width must be from 40 to 1000.") }
        guard (8...200).contains(height) else { throw ValidationError("--height must be from 8 to 200.") }
    }

    /// The first month of `from` and the last of `to` (each a year or a month).
    static func range(from: String?, to: String?) throws -> (first: ArchiveMonth?, last: ArchiveMonth?) {
        func months(_ text: String?, option: String) throws -> [ArchiveMonth]? {
            guard let text else { return nil }
            let latest = ArchiveCommand.latestMonth
            guard !text.contains(".."), let months = ArchiveMonth.months(text, latest: latest) else {
                throw ValidationError(
                    "\(option) '\(text.terminalSafe.prefix(40))' is not a year like 2024 or a month like 2024-03 (from 1851 to \(latest)).")
            }
            return months
        }
        return (try months(from, option: "--from")?.first, try months(to, option: "--to")?.last)
    }

    func run() async throws {
        try await Terminal.reportingFailures {
            let environment = try await Environment(options: common, access: .readOnlyWhenReady, importsSnapshot: false)
            let range = try Self.range(from: from, to: to)
            let trend = try await environment.service.trend(TrendQuery(terms: terms, interval: by, first: range.first, last: range.last))
            let report = TrendReport(trend: trend)
            if json {
                Terminal.print(try report.json())
            } else if csv {
                report.csv().forEach(Terminal.print)
            } else if trend.coverage.isEmpty {
                Terminal.printError("No archive month is imported yet: import some first, e.g. 'nytreader archive 2024'.")
            } else {
                let lines = TrendChart(trend, style: chart).render(columns: width ?? Self.terminalColumns, rows: height)
                let colors = environment.settings.colors.value && isatty(STDOUT_FILENO) == 1
                report.text(of: lines, colors: colors).forEach(Terminal.print)
            }
        }
    }

    /// The chart widths `--width` takes, and the terminal's width is brought into.
    private static let widths = 40...1_000

    /// The width of the terminal on stdout within `widths` (a narrower one gets the narrowest chart), or 80
    /// when stdout is not one.
    private static var terminalColumns: Int {
        guard let columns = Terminal.columns(of: STDOUT_FILENO) else { return 80 }
        return min(max(columns, widths.lowerBound), widths.upperBound)
    }
}

extension TrendInterval: ExpressibleByArgument {}
extension TrendChart.Style: ExpressibleByArgument {}
