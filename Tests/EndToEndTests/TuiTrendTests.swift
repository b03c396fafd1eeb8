import Foundation
import TestSupport
import Testing

/// The reader's `t` on months imported from the fake server: the chart of the search's words over the
/// archive, its periods' counts, a period's matches opened as a feed.
@Suite("The trend chart in the reader", .serialized, .timeLimit(.minutes(5)))
struct TuiTrendTests {
    @Test("Search, t: the chart by month with the period's counts; ← moves; Enter lists the period's matches; q closes")
    func chart() async throws {
        let home = try await TrendCommandTests.importedHome()
        let march = try TrendCommandTests.servedMatches(month: 3, word: "climate")
        let february = try TrendCommandTests.servedMatches(month: 2, word: "climate")
        #expect(march > 0 && february > 0 && march != february, "the months tell apart")
        let docs = TrendCommandTests.docsPerMonth

        let reader = try TuiHarness(columns: 100, rows: 30)
        try reader.launch("--archive 2024-03 --offline --db '\(home.database)'", waitingFor: "Archive202403 story")
        try reader.tmux.press("/")
        try reader.tmux.command(["send-keys", "-l", "climate"])
        try reader.tmux.press("Enter")
        // The header counts the hits once the search is kept (the status line keeps the offline reason).
        try reader.tmux.waitFor("the kept search") { screen in
            let header = screen.prefix { $0 != "\n" }
            return header.contains(" 1/") && !header.contains("/\(docs)")
        }
        try reader.tmux.press("t")
        var screen = try reader.tmux.waitFor("the chart") { $0.contains("2024-03: \(march) of \(docs) articles") }
        #expect(screen.contains("Archived articles per 10,000 matching each term, by month, 2024-01–2024-03"), "\(screen)")
        #expect(screen.contains("● climate"), "\(screen)")
        #expect(screen.contains("Imported: 3 of 3 months (100 %)"), "\(screen)")
        #expect(screen.contains("┊"), "the period's column is marked: \(screen)")

        try reader.tmux.press("Left")
        screen = try reader.tmux.waitFor("the month before") { $0.contains("2024-02: \(february) of \(docs) articles") }
        try reader.tmux.press("Enter")
        screen = try reader.tmux.waitFor("the period's matches") {
            $0.contains("The New York Times · “climate” in 2024-02") && $0.contains("“climate” in 2024-02 · \(february) articles")
                && TuiHarness.showsLoadedRows($0) && $0.contains("Archive202402 story")
        }
        #expect(!screen.contains("Archived articles per 10,000"), "the chart closed: \(screen)")

        try reader.tmux.press("t")
        try reader.tmux.waitFor("the chart again, on the period on screen") { $0.contains("2024-02: \(february) of \(docs) articles") }
        try reader.tmux.press("q")
        try reader.tmux.waitFor("the chart closed") { !$0.contains("Archived articles per 10,000") }
        #expect(try reader.quit() == 0)
    }

    @Test("Without a search, t says what it needs")
    func noSearch() async throws {
        let home = try await TrendCommandTests.importedHome()
        let reader = try TuiHarness(columns: 100, rows: 30)
        try reader.launch("--archive 2024-01 --offline --db '\(home.database)'", waitingFor: "Archive202401 story")
        try reader.tmux.press("t")
        try reader.tmux.waitFor("the message") { $0.contains("t charts a search over the archive: search with / or f first") }
        #expect(try reader.quit() == 0)
    }
}
