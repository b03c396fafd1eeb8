import Foundation
import TestSupport
import Testing

/// `nytreader trend` on months imported from the fake server: the counts against the served documents,
/// gaps, the chart as plain text and in a terminal, and its errors.
@Suite("nytreader trend", .serialized, .timeLimit(.minutes(5)))
struct TrendCommandTests {
    static let docsPerMonth = 300

    /// One row of `trend --json`.
    struct Row: Decodable, Equatable {
        let period: String
        let term: String
        let matches: Int?
        let articles: Int?
        let share: Double?
    }

    /// A home whose cache holds 2024-01 … 2024-03, imported through `nytreader archive` from the fake server.
    static func importedHome() async throws -> CliHome {
        let home = try CliHome()
        let server = try ArchiveTests.server(months: [1, 2, 3], count: docsPerMonth)
        let imported = try await home.run([
            "archive", "2024-01..2024-03", "--api-base-url", server.baseURL.absoluteString, "--request-spacing", "0",
        ])
        try #require(imported.status == 0, "\(imported.errorOutput)")
        return home
    }

    /// The documents of a served month that `word` matches by the trend's rules, counted on the JSON the
    /// server sent: readable documents (with a uri) whose headline or shown paragraph (the first non-empty
    /// of lead paragraph, abstract and snippet) has the word `word`, ignoring case; bylines and keywords
    /// are not looked at.
    static func servedMatches(month: Int, word: String) throws -> Int {
        let body = ArchiveMonthJSON.body(year: 2024, month: month, count: docsPerMonth, shape: month == 3 ? .from2025 : .before2025)
        let root = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let docs = try #require((root["response"] as? [String: Any])?["docs"] as? [[String: Any]])
        return docs.filter { doc in
            guard let uri = doc["uri"] as? String, !uri.isEmpty else { return false }
            let headline = (doc["headline"] as? [String: Any])?["main"] as? String ?? ""
            let paragraph = ["lead_paragraph", "abstract", "snippet"].compactMap { doc[$0] as? String }.first { !$0.isEmpty } ?? ""
            let words = (headline + " " + paragraph).lowercased().split { !$0.isLetter && !$0.isNumber }
            return words.contains { $0 == word }
        }.count
    }

    @Test("Three months imported from the fake server: trend --by month --json counts what the server sent")
    func countsMatchServedDocuments() async throws {
        let home = try await Self.importedHome()
        let result = try await home.run(["trend", "Climate", "election", "archive202402", "--by", "month", "--json", "--offline"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let rows = try JSONDecoder().decode([Row].self, from: Data(result.output.utf8))
        #expect(rows.map(\.period) == ["2024-01", "2024-02", "2024-03"].flatMap { Array(repeating: $0, count: 3) })
        #expect(rows.map(\.term) == Array(repeating: ["Climate", "election", "archive202402"], count: 3).flatMap { $0 })
        #expect(rows.allSatisfy { $0.articles == Self.docsPerMonth })
        for month in 1...3 {
            let counts = rows.filter { $0.period == "2024-0\(month)" }.map(\.matches)
            let expected = [
                try Self.servedMatches(month: month, word: "climate"),
                try Self.servedMatches(month: month, word: "election"),
                month == 2 ? Self.docsPerMonth : 0,
            ]
            #expect(counts == expected, "2024-0\(month)")
            #expect(expected[0] > 0 && expected[1] > 0, "the words are in the served text")
        }
        for row in rows {
            let share = Double(row.matches!) * 10_000 / Double(row.articles!)
            #expect(abs(row.share! - share) < 0.0001, "\(row)")
        }

        let csv = try await home.run(["trend", "Climate", "election", "archive202402", "--by", "month", "--csv", "--offline"])
        let lines = csv.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "period,term,matches,articles,share")
        #expect(
            lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).prefix(4).joined(separator: ",") }
                == rows.map { "\($0.period),\($0.term),\($0.matches!),\($0.articles!)" })

        let byYear = try JSONDecoder().decode(
            [Row].self, from: Data(try await home.run(["trend", "climate", "--json", "--offline"]).output.utf8))
        #expect(byYear.map(\.period) == ["2024"])
        #expect(byYear[0].matches == rows.filter { $0.term == "Climate" }.compactMap(\.matches).reduce(0, +))
        #expect(byYear[0].articles == 3 * Self.docsPerMonth)
    }

    @Test("Months outside the import are gaps (null, never 0); the chart says how much is imported")
    func gapsAndChart() async throws {
        let home = try await Self.importedHome()
        let range = ["--by", "month", "--from", "2023-11", "--to", "2024-04", "--offline"]
        let json = try await home.run(["trend", "climate"] + range + ["--json"])
        let rows = try JSONDecoder().decode([Row].self, from: Data(json.output.utf8))
        #expect(rows.map(\.period) == ["2023-11", "2023-12", "2024-01", "2024-02", "2024-03", "2024-04"])
        #expect(rows.map { $0.matches == nil } == [true, true, false, false, false, true])
        #expect(rows.filter { $0.matches == nil }.allSatisfy { $0.articles == nil && $0.share == nil })
        #expect(json.output.contains("\"matches\" : null"), "a gap is null, not left out")

        let chart = try await home.run(["trend", "climate", "election"] + range + ["--width", "80", "--height", "16"])
        #expect(chart.status == 0, "\(chart.errorOutput)")
        let lines = chart.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        #expect((15...16).contains(lines.count), "at most --height lines: \(chart.output)")
        #expect(lines[0] == " Archived articles per 10,000 matching each term, by month, 2023-11–2024-04")
        #expect(lines[1] == " ● climate   ■ election")
        #expect(lines.last == " Imported: 3 of 6 months (50 %) · not imported: 2023-11–2023-12, 2024-04", "\(chart.output)")
        #expect(lines.contains { $0.contains("2024-01") && $0.contains("2024-03") }, "month labels: \(chart.output)")
        #expect(!chart.output.contains("\u{1B}"), "no colors when stdout is not a terminal")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test("On a terminal: the chart takes its width and colors each term; NO_COLOR leaves them out")
    func terminalColors() async throws {
        let home = try await Self.importedHome()
        for noColor in [false, true] {
            var environment = home.environment()
            environment["TERM"] = "screen"
            if noColor { environment["NO_COLOR"] = "1" }
            let tmux = try TmuxSession(columns: 100, rows: 30, environment: environment)
            try tmux.run("\(ProgramBinary.url.path) trend climate election --by month --offline --db \(home.database); echo exit\"\"-$?")
            let screen = try tmux.waitFor(timeout: 20, "the chart") { $0.contains("exit-") }
            #expect(screen.contains("exit-0"), "\(screen)")
            let styled = try tmux.command(["capture-pane", "-p", "-e"])
            let axis = try #require(screen.split(separator: "\n").first { $0.contains("└") }, "\(screen)")
            #expect((90..<100).contains(axis.count), "the chart takes the terminal's 100 columns, not 80: \(axis)")
            if noColor {
                #expect(!styled.contains("\u{1B}[36m") && !styled.contains("\u{1B}[35m"), "\(styled)")
            } else {
                #expect(styled.contains("\u{1B}[36m●"), "the first term in cyan: \(styled)")
                #expect(styled.contains("\u{1B}[35m■"), "the second in magenta: \(styled)")
            }
        }
    }

    @Test("Bad arguments exit 64 with a sentence; nothing imported says so")
    func errors() async throws {
        let home = try CliHome()
        for arguments in [
            ["trend"], ["trend", "!!!"], ["trend", "x", "--from", "2024-13"], ["trend", "x", "--from", "2024", "--to", "2023"],
            ["trend", "x", "--by", "week"], ["trend", "x", "--json", "--csv"], ["trend", "a", "b", "c", "d", "e", "f", "g"],
        ] {
            let result = try await home.run(arguments + ["--offline"])
            #expect(result.status == 64, "\(arguments): \(result.errorOutput)")
            #expect(!result.errorOutput.isEmpty)
        }
        let empty = try await home.run(["trend", "climate", "--offline"])
        #expect(empty.status == 0)
        #expect(empty.errorOutput.contains("No archive month is imported yet"), "\(empty.errorOutput)")
        let json = try await home.run(["trend", "climate", "--json", "--offline"])
        #expect(try JSONDecoder().decode([Row].self, from: Data(json.output.utf8)).isEmpty, "\(json.output)")
    }
}
