import NewsCore
@_spi(Testing) import TerminalUI
import TestSupport
import Testing

/// Trend charts rendered to text, compared with golden frames (trailing spaces dropped), and their roles.
@Suite("Trend charts")
struct TrendChartTests {
    static let latest = ArchiveMonth(containingDay: 30_000)

    /// 2000 … 2024 by year: 2009 and 2010 not imported, 2024 imported for 3 of its 12 months.
    static func yearly(terms: [String]) -> Trend {
        let coverage = (2000...2024).map { year in
            let imported = year == 2009 || year == 2010 ? 0 : (year == 2024 ? 3 : 12)
            return TrendCoverage(
                period: TrendPeriod(year: year), monthCount: 12, importedMonthCount: imported, articleCount: imported * 8_000)
        }
        let series = terms.enumerated().map { index, term in
            TrendSeries(
                term: term,
                matches: coverage.enumerated().map { position, coverage -> Int? in
                    guard coverage.isImported else { return nil }
                    // Rising, falling and flat, per 10,000: 2 + 1.5 × position; 40 − 1.2 × position; 12.
                    let perTenThousand = [2 + 1.5 * Double(position), 40 - 1.2 * Double(position), 12][index % 3]
                    return Int((perTenThousand * Double(coverage.articleCount) / 10_000).rounded())
                })
        }
        return Trend(interval: .year, coverage: coverage, series: series)
    }

    /// Every month of `range` imported, 7,000 articles each, with saw-tooth counts.
    static func monthly(_ range: String, terms: [String]) -> Trend {
        let months = ArchiveMonth.months(range, latest: latest)!
        let coverage = months.map { TrendCoverage(period: TrendPeriod($0), monthCount: 1, importedMonthCount: 1, articleCount: 7_000) }
        let series = terms.indices.map { term in
            TrendSeries(term: terms[term], matches: months.indices.map { ($0 * (7 + term * 5)) % 53 + term * 20 })
        }
        return Trend(interval: .month, coverage: coverage, series: series)
    }

    static let threeTerms = ["climate change", "global warming", "weather"]

    static func text(_ trend: Trend, columns: Int, rows: Int = 20, style: TrendChart.Style = .line) -> String {
        TrendChart(trend, style: style).render(columns: columns, rows: rows).map(\.text).joined(separator: "\n")
    }

    @Test("One term at 80 columns: a year a slot, gaps dotted on the axis, the coverage said")
    func oneTermAt80() {
        #expect(
            Self.text(Self.yearly(terms: ["climate"]), columns: 80) == """
                 Archived articles per 10,000 matching each term, by year, 2000–2024
                 ● climate
                40 ┤
                   │                                                                    ╭─●──●
                   │                                                              ╭─●──●╯
                30 ┤                                                        ╭─●──●╯
                   │                                                  ╭─●──●╯
                   │                                            ╭─●──●╯
                20 ┤                                   ╭─●──●──●╯
                   │                                  ●╯
                   │                       ╭─●
                   │                 ╭─●──●╯
                10 ┤           ╭─●──●╯
                   │     ╭─●──●╯
                   │ ●──●╯
                 0 ┤
                   └─┬─────┬─────┬─────┬─────┬─······────┬─────┬─────┬─────┬─────┬─────┬─────┬─
                    2000  2002  2004  2006  2008  2010  2012  2014  2016  2018  2020  2022  2024
                 Imported: 267 of 300 months (89 %) · not imported: 2009–2010
                 in part: 2024 (3 of 12 months)
                """)
    }

    @Test("Three terms at 80 columns: a marker each, the first drawn on top")
    func threeTermsAt80() {
        #expect(
            Self.text(Self.yearly(terms: Self.threeTerms), columns: 80) == """
                 Archived articles per 10,000 matching each term, by year, 2000–2024
                 ● climate change   ■ global warming   ▲ weather
                40 ┤ ■──■╮
                   │     ╰─■──■╮                                                        ╭─●──●
                   │           ╰─■──■──■╮                                         ╭─●──●╯
                30 ┤                    ╰─■──■                              ╭─●──●╯
                   │                                  ■╮              ╭─●──●╯
                   │                                   ╰─■──■──■╭─●──●╯
                20 ┤                                   ╭─●──●──●╯─■──■╮
                   │                                  ●╯              ╰─■──■──■╮
                   │                       ╭─●                                 ╰─■──■╮
                   │ ▲──▲──▲──▲──▲──▲╭─●──●╯─▲        ▲──▲──▲──▲──▲──▲──▲──▲──▲──▲──▲╰─■──■──■
                10 ┤           ╭─●──●╯
                   │     ╭─●──●╯
                   │ ●──●╯
                 0 ┤
                   └─┬─────┬─────┬─────┬─────┬─······────┬─────┬─────┬─────┬─────┬─────┬─────┬─
                    2000  2002  2004  2006  2008  2010  2012  2014  2016  2018  2020  2022  2024
                 Imported: 267 of 300 months (89 %) · not imported: 2009–2010
                 in part: 2024 (3 of 12 months)
                """)
    }

    @Test("One term at 140 columns: wider slots, the coverage on one line")
    func oneTermAt140() {
        #expect(
            Self.text(Self.yearly(terms: ["climate"]), columns: 140) == """
                 Archived articles per 10,000 matching each term, by year, 2000–2024
                 ● climate
                40 ┤
                   │                                                                                                                  ╭──●────●
                   │                                                                                                        ╭──●────●─╯
                30 ┤                                                                                              ╭──●────●─╯
                   │                                                                                    ╭──●────●─╯
                   │                                                                          ╭──●────●─╯
                20 ┤                                                           ╭──●────●────●─╯
                   │                                                         ●─╯
                   │                                       ╭──●
                   │                             ╭──●────●─╯
                10 ┤                   ╭──●────●─╯
                   │         ╭──●────●─╯
                   │  ●────●─╯
                 0 ┤
                   └──┬─────────┬─────────┬─────────┬─────────┬──··········───────┬─────────┬─────────┬─────────┬─────────┬─────────┬─────────┬──
                     2000      2002      2004      2006      2008      2010      2012      2014      2016      2018      2020      2022      2024
                 Imported: 267 of 300 months (89 %) · not imported: 2009–2010 · in part: 2024 (3 of 12 months)
                """)
    }

    @Test("Three terms at 140 columns")
    func threeTermsAt140() {
        #expect(
            Self.text(Self.yearly(terms: Self.threeTerms), columns: 140) == """
                 Archived articles per 10,000 matching each term, by year, 2000–2024
                 ● climate change   ■ global warming   ▲ weather
                40 ┤  ■────■─╮
                   │         ╰──■────■─╮                                                                                              ╭──●────●
                   │                   ╰──■────■────■─╮                                                                     ╭──●────●─╯
                30 ┤                                  ╰──■────■                                                   ╭──●────●─╯
                   │                                                         ■─╮                        ╭──●────●─╯
                   │                                                           ╰──■────■────■─╭──●────●─╯
                20 ┤                                                           ╭──●────●────●─╯──■────■─╮
                   │                                                         ●─╯                        ╰──■────■────■─╮
                   │                                       ╭──●                                                        ╰──■────■─╮
                   │  ▲────▲────▲────▲────▲────▲─╭──●────●─╯──▲              ▲────▲────▲────▲────▲────▲────▲────▲────▲────▲────▲─╰──■────■────■
                10 ┤                   ╭──●────●─╯
                   │         ╭──●────●─╯
                   │  ●────●─╯
                 0 ┤
                   └──┬─────────┬─────────┬─────────┬─────────┬──··········───────┬─────────┬─────────┬─────────┬─────────┬─────────┬─────────┬──
                     2000      2002      2004      2006      2008      2010      2012      2014      2016      2018      2020      2022      2024
                 Imported: 267 of 300 months (89 %) · not imported: 2009–2010 · in part: 2024 (3 of 12 months)
                """)
    }

    @Test("Bars of three terms at 80 columns: two years a slot, round labels")
    func barsAt80() {
        #expect(
            Self.text(Self.yearly(terms: Self.threeTerms), columns: 80, style: .bar) == """
                 Archived articles per 10,000 matching each term, by year, 2000–2024
                 █ climate change   ▓ global warming   ▒ weather
                40 ┤  ▓
                   │  ▓    ▓                                                █    █
                   │  ▓    ▓    ▓                                           █    █
                30 ┤  ▓    ▓    ▓    ▓    ▓                            █    █    █
                   │  ▓    ▓    ▓    ▓    ▓                       █    █    █    █
                   │  ▓    ▓    ▓    ▓    ▓    ▓    ▓        █    █    █    █    █
                   │  ▓    ▓    ▓    ▓    ▓    ▓    ▓   █▓   █    █    █    █    █
                20 ┤  ▓    ▓    ▓    ▓    ▓    ▓   █▓   █▓   █▓   █    █    █    █
                   │  ▓    ▓    ▓    ▓    ▓   █▓   █▓   █▓   █▓   █▓   █    █    █
                   │  ▓    ▓    ▓    ▓   █▓   █▓   █▓   █▓   █▓   █▓   █▓   █▓   █
                10 ┤  ▓▒   ▓▒   ▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒
                   │  ▓▒   ▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒
                   │  ▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒
                   │ █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒  █▓▒
                 0 └──┬────────────────────────┬────────────────────────┬────────────
                     2000                     2010                     2020
                 Imported: 267 of 300 months (89 %) · not imported: 2009–2010
                 in part: 2024 (3 of 12 months) · 2 years a column
                """)
    }

    @Test("Months: a dot per month at 80 columns, years on the axis; a CJK term in the legend")
    func months() {
        #expect(
            Self.text(Self.monthly("2019-01..2024-12", terms: ["東京 tokyo", "election"]), columns: 80, rows: 16) == """
                 Archived articles per 10,000 matching each term, by month, 2019-01–2024-12
                 ● 東京 tokyo   ■ election
                150 ┤
                    │
                    │
                100 ┤    ■        ■   ■    ■   ■        ■        ■   ■        ■        ■   ■
                    │   ■    ■   ■   ■    ■   ■    ■   ■    ■   ■   ■    ■   ■    ■   ■   ■
                    │  ■   ●●   ■  ●●    ■●● ■    ●●  ■   ●■   ■ ●●■    ■●  ■   ●●   ■  ●●
                 50 ┤ ■   ●■   ■ ●●     ■●  ■   ●●   ■  ●●■   ■ ● ■    ●●  ■   ●■   ■ ●●
                    │■  ●●■   ■ ●  ■   ●●      ●■   ■ ●● ■   ■●●     ●●   ■  ●●■   ■ ●  ■   ●
                    │ ●●      ●●     ●●      ●●      ●      ●●      ●      ●●      ●●     ●●
                  0 ┤●       ●              ●       ●      ●       ●      ●       ●
                    └┬───────────┬───────────┬───────────┬───────────┬───────────┬───────────
                     2019       2020        2021        2022        2023        2024
                 Imported: 72 of 72 months (100 %)
                """)
        let long = Self.text(Self.monthly("1851-01..2025-12", terms: ["war"]), columns: 80, rows: 12)
        #expect(long.hasSuffix("Imported: 2,100 of 2,100 months (100 %) · 5 years a column"), "\(long)")
    }

    @Test("Each mark has its term's role; the gaps' axis, the axis and the title theirs")
    func roles() throws {
        let lines = TrendChart(Self.yearly(terms: Self.threeTerms)).render(columns: 80, rows: 20)
        let runs = lines.flatMap(\.runs)
        #expect(lines[0].runs.contains { $0.role == .title && $0.text.hasPrefix("Archived") })
        for (index, marker) in TrendChart.markers.prefix(3).enumerated() {
            let marked = runs.filter { $0.text.contains(marker) }
            #expect(!marked.isEmpty)
            #expect(marked.allSatisfy { $0.role == .series(index) }, "\(marker): \(marked)")
        }
        #expect(
            lines[1].runs.filter { $0.role != .plain }.map(\.text) == ["●", "climate", "change", "■", "global", "warming", "▲", "weather"])
        let axis = try #require(lines.first { $0.text.contains("└") })
        #expect(axis.runs.filter { $0.text.contains("·") }.map(\.role) == [.gap])
        #expect(axis.runs.contains { $0.role == .gap && $0.text == "······" })
        #expect(runs.filter { $0.text.contains("┬") || $0.text.contains("┤") }.allSatisfy { $0.role == .axis })
    }

    /// Every year from `first` to `last` imported, 80,000 articles each.
    static func years(_ first: Int, _ last: Int) -> Trend {
        let coverage = (first...last).map {
            TrendCoverage(period: TrendPeriod(year: $0), monthCount: 12, importedMonthCount: 12, articleCount: 80_000)
        }
        return Trend(interval: .year, coverage: coverage, series: [TrendSeries(term: "x", matches: coverage.indices.map { $0 * 37 % 101 })])
    }

    /// The runs of spaces between the words of `line` (leading spaces left out).
    static func innerGaps(_ line: String) -> [Int] {
        var gaps: [Int] = []
        var run = 0
        var started = false
        for character in line {
            if character == " " {
                run += 1
            } else {
                if started, run > 0 { gaps.append(run) }
                started = true
                run = 0
            }
        }
        return gaps
    }

    @Test("At any width from 40 to 200 and any range, every line fits and x labels are two columns apart or more")
    func axisLabels() {
        let trends =
            [Self.years(2024, 2024), Self.years(2019, 2024), Self.years(1990, 2024), Self.years(1851, 2025)]
            + ["2024-01..2024-03", "2015-01..2024-12", "1851-01..2025-12"].map { Self.monthly($0, terms: Self.threeTerms) }
        for trend in trends {
            for style in TrendChart.Style.allCases {
                for columns in stride(from: 40, through: 200, by: 7) {
                    let lines = TrendChart(trend, style: style).render(columns: columns, rows: 14)
                    let context = "\(trend.periods[0]) … \(trend.periods[trend.periods.count - 1]), \(style) at \(columns)"
                    #expect(lines.allSatisfy { DisplayWidth.of($0.text) <= columns }, "\(context)")
                    let labels = try! #require(
                        lines.first {
                            $0.text.hasPrefix("  ") && $0.runs.allSatisfy { [.plain, .label].contains($0.role) }
                                && $0.text.contains(where: \.isNumber)
                        }
                    ).text
                    #expect(Self.innerGaps(labels).allSatisfy { $0 >= 2 }, "\(context): \(labels)")
                }
            }
        }
    }

    @Test("Six terms at 40 columns: each keeps its first letters in the legend, a short one whole; the title keeps the range")
    func narrowLegend() {
        let lines = TrendChart(Self.yearly(terms: ["war", "climate", "opera", "storm", "city", "river"])).render(columns: 40, rows: 14)
        let legend = lines[1].text
        for start in ["● war", "■ cl", "▲ op", "◆ st", "○ ci", "□ ri"] {
            #expect(legend.contains(start), "\(legend)")
        }
        #expect(DisplayWidth.of(legend) <= 40)
        #expect(lines[0].text.hasSuffix("by year, 2000–2024"), "\(lines[0].text)")
        #expect(DisplayWidth.of(lines[0].text) <= 40)
    }

    @Test("By year over months that cut the first and last years, the coverage says which part of them is counted")
    func yearsCutByTheRange() {
        var trend = Self.yearly(terms: ["climate change"])
        trend.months = ArchiveMonth(year: 2000, month: 6, latest: Self.latest)!...ArchiveMonth(year: 2024, month: 3, latest: Self.latest)!
        #expect(Self.text(trend, columns: 140).contains("· counted: 2000 from June, 2024 to March"), "\(Self.text(trend, columns: 140))")
        trend.months = ArchiveMonth(year: 2000, month: 1, latest: Self.latest)!...ArchiveMonth(year: 2024, month: 12, latest: Self.latest)!
        #expect(!Self.text(trend, columns: 140).contains("counted:"))
    }

    @Test("A period imported that holds no article is a gap: no share (not 0 per 10,000), no mark")
    func emptyPeriod() {
        let coverage = [
            TrendCoverage(period: TrendPeriod(year: 2001), monthCount: 12, importedMonthCount: 12, articleCount: 8_000),
            TrendCoverage(period: TrendPeriod(year: 2002), monthCount: 12, importedMonthCount: 12, articleCount: 0),
            TrendCoverage(period: TrendPeriod(year: 2003), monthCount: 12, importedMonthCount: 12, articleCount: 8_000),
        ]
        let trend = Trend(interval: .year, coverage: coverage, series: [TrendSeries(term: "war", matches: [80, 0, 80])])
        #expect(trend.share(term: 0, period: 0) == 100)
        #expect(trend.share(term: 0, period: 1) == nil)
        let lines = TrendChart(trend).render(columns: 60, rows: 14).map(\.text)
        #expect(lines.dropFirst(2).joined().filter { $0 == "●" }.count == 2, "below the legend: \(lines.joined(separator: "\n"))")
    }

    @Test("Terms are made terminal-safe in the legend; with nothing imported the chart says so")
    func safeTermsAndNothingImported() {
        let hostile = TrendChart(Self.yearly(terms: ["evil\u{1B}[2Jterm"])).render(columns: 80, rows: 12)
        #expect(!hostile.map(\.text).joined().contains("\u{1B}"))
        let empty = TrendChart(Trend(interval: .year, coverage: [], series: [TrendSeries(term: "x", matches: [])])).render(
            columns: 80, rows: 20)
        #expect(
            empty.map(\.text) == [
                " Archived articles per 10,000 matching each term, by year",
                " No archive month is imported (nytreader archive 2024 imports a year).",
            ])
    }

    @Test("The README's chart is the one drawn for its two terms")
    func readme() throws {
        let section = try Readme.section("Commands without the screen")
        let start = try #require(section.range(of: "```text\n"))
        let end = try #require(section[start.upperBound...].range(of: "\n```"))
        #expect(
            String(section[start.upperBound..<end.lowerBound])
                == Self.text(Self.yearly(terms: ["climate change", "global warming"]), columns: 80))
    }
}
