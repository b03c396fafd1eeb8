import Foundation
import NewsCore
import TestSupport
import Testing

@Suite("The reader in a real terminal", .serialized, .timeLimit(.minutes(3)))
struct WalkingSkeletonTests {
    @Test("First run with no key: the bundled snapshot, Down changes the detail, q exits 0")
    func firstRun() throws {
        let home = try TemporaryDirectory()
        let tmux = try TmuxSession(columns: 120, rows: 40, environment: TuiHarness.freshEnvironment(home))
        try tmux.run("'\(ProgramBinary.url.path)'; echo \"EXIT=$?\"")

        // Checked once the screen has settled: the detail shows the lead paragraph, every row its article.
        let first = try tmux.waitFor(timeout: 15, "the first article and its detail") {
            $0.contains("House Passes Spending Deal Hours Before Deadline") && $0.contains("The measure, which funds")
                && TuiHarness.showsLoadedRows($0)
        }
        let rows = first.split(separator: "\n").filter { $0.range(of: #"^[•* ] +(now|\d+[mhdwy]) "#, options: .regularExpression) != nil }
        #expect(rows.count >= 12, "article rows on screen: \(rows.count)")
        #expect(first.contains("The measure, which funds the government through March"))
        #expect(first.contains("The New York Times · Home Page"))
        #expect(first.contains(RefreshFailure.noAPIKey.message), "the reason, before the snapshot's age")

        try tmux.press("Down")
        let second = try tmux.waitFor("the second article's detail") {
            $0.contains("Hundreds of soldiers crossed a checkpoint")
        }
        #expect(!second.contains("The measure, which funds the government through March"))

        try tmux.press("q")
        let after = try tmux.waitFor("the exit status and the prompt") { screen in
            guard let exitLine = screen.range(of: "EXIT=0") else { return false }
            return screen[exitLine.upperBound...].contains(tmux.prompt)
        }
        #expect(!after.contains("House Passes Spending Deal"), "the screen was restored")
    }

    @Test("j and k move like the arrow keys; the second run opens the cache")
    func secondRun() throws {
        let home = try TemporaryDirectory()
        let tmux = try TmuxSession(columns: 120, rows: 40, environment: TuiHarness.freshEnvironment(home))
        try tmux.run("'\(ProgramBinary.url.path)'; echo \"EXIT=$?\"")
        try tmux.waitFor(timeout: 15, "the first article") { $0.contains("House Passes Spending Deal") }
        try tmux.press("j", "j")
        try tmux.waitFor("the third article") { $0.contains("Retailers expect record sales this season") }
        try tmux.press("k")
        try tmux.waitFor("the second article") { $0.contains("Hundreds of soldiers crossed a checkpoint") }
        try tmux.press("q")
        try tmux.waitFor("the first exit") { $0.contains("EXIT=0") }

        try tmux.run("clear; '\(ProgramBinary.url.path)' --section world; echo \"EXIT=$?\"")
        try tmux.waitFor(timeout: 15, "the world feed") { $0.contains("The New York Times · World") && $0.contains("Bullet Train") }
        try tmux.press("C-c")
        try tmux.waitFor("the second exit") { $0.contains("EXIT=0") }
        let database = home.url.appendingPathComponent(".local/share/nytreader/cache.sqlite")
        #expect(FileManager.default.fileExists(atPath: database.path))
    }

    @Test("Not a terminal: a message pointing to 'nytreader list' and exit status 2")
    func notATerminal() throws {
        let home = try TemporaryDirectory()
        let result = try Subprocess.run(ProgramBinary.url.path, [], environment: TuiHarness.freshEnvironment(home))
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("nytreader list"))
    }
}
