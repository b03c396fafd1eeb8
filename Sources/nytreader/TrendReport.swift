import FoundationEssentials
import NewsCore
import TerminalUI

/// How `trend` prints a trend: the chart's lines with ANSI colors or without, a JSON array, or CSV.
/// Terms come from the command line and are made terminal-safe in every form.
struct TrendReport {
    let trend: Trend

    /// One row of `--json` and `--csv`: a term in a period. Gaps have nil counts.
    struct Row: Encodable {
        let period: String
        let term: String
        let matches: Int?
        let articles: Int?
        /// Matches per 10,000 articles, to four decimals.
        let share: Double?

        enum CodingKeys: String, CodingKey {
            case period, term, matches, articles, share
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(period, forKey: .period)
            try container.encode(term, forKey: .term)
            // A gap is null, never left out.
            try container.encode(matches, forKey: .matches)
            try container.encode(articles, forKey: .articles)
            try container.encode(share, forKey: .share)
        }
    }

    /// Every period (oldest first), and in each every term (in the order given).
    var rows: [Row] {
        trend.coverage.indices.flatMap { index in
            let coverage = trend.coverage[index]
            return trend.series.indices.map { term in
                let share = trend.share(term: term, period: index)
                return Row(
                    period: coverage.period.description,
                    term: trend.series[term].term.terminalSafe,
                    matches: trend.series[term].matches[index],
                    articles: coverage.isImported ? coverage.articleCount : nil,
                    share: share.map { ($0 * 10_000).rounded() / 10_000 }
                )
            }
        }
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(rows), as: UTF8.self)
    }

    /// A header line, then a line per row (RFC 4180: a field with a comma or a quote is quoted).
    func csv() -> [String] {
        ["period,term,matches,articles,share"]
            + rows.map { row in
                [
                    row.period, Self.csvField(row.term), row.matches.map(String.init) ?? "", row.articles.map(String.init) ?? "",
                    row.share.map(DecimalText.brief) ?? "",
                ].joined(separator: ",")
            }
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// The chart's lines, each run in its role's color (SGR) when `colors`.
    func text(of lines: [TrendChartLine], colors: Bool) -> [String] {
        lines.map { line in
            guard colors else { return line.text }
            return line.runs.map { run in
                guard let code = Self.colorCode(run.role) else { return run.text }
                return "\u{1B}[\(code)m" + run.text + "\u{1B}[0m"
            }.joined()
        }
    }

    /// The terms' colors: cyan, magenta, green, yellow, red, blue.
    private static let seriesCodes = ["36", "35", "32", "33", "31", "34"]

    private static func colorCode(_ role: TrendChartRole) -> String? {
        switch role {
        case .plain, .label: return nil
        case .title: return "1"
        case .axis, .gap: return "2"
        case .series(let index): return seriesCodes[index % seriesCodes.count]
        }
    }
}
