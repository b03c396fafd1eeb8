import Foundation
import NewsCore
import TestSupport
import Testing

/// The reader open while another process (a refresh from cron) changes the cache.
@Suite("Changes from other processes", .serialized, .timeLimit(.minutes(2)))
struct TuiOutsideChangeTests {
    @Test("The cache file deleted under the open reader: it says so within two seconds, and a mark is not confirmed")
    func cacheDeleted() throws {
        let reader = try TuiHarness()
        try reader.launch()
        let cache = reader.home.url.appendingPathComponent(".local/share/nytreader/cache.sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) }
        // As the status line says it alone, or after "Not saved — " once a change could not be written.
        let message = "he cache file was moved, replaced or removed while open"
        try reader.tmux.waitFor(timeout: 5, "the status line") { $0.contains(message) }
        try reader.tmux.press("b")
        try reader.tmux.waitFor(timeout: 5, "the star undone") { screen in
            screen.split(separator: "\n").dropFirst().first?.hasPrefix("•*") == false && screen.contains(message)
        }
        // A second on, the star drawn before the write is still undone: the screen holds what the cache holds.
        usleep(1_000_000)
        let after = try reader.tmux.screen()
        #expect(after.split(separator: "\n").dropFirst().first?.hasPrefix("•*") == false, "\(after)")
        #expect(!after.contains("Saved") && !after.contains("· saved"), "\(after)")
        #expect(try reader.quit() == 0)
    }

    @Test("A refresh from another process shows in the open reader within two seconds, the selection kept on its article")
    func refreshFromCron() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let path = FakeNYTServer.topStoriesPath("world")
        let first = (0..<6).map { ArticleFactory.article($0, title: "Morning story \($0)") }
        server.setBody(TopStoriesJSON.body(section: "world", articles: first), for: path)
        let stored = try await home.refresh(section: "world", from: server.baseURL)
        try #require(stored.status == 0, "\(stored.errorOutput)")

        let reader = try TuiHarness()
        try reader.launch("--section world --db '\(home.database)'", waitingFor: "Morning story 0")
        try reader.tmux.press("j", "j")
        try reader.tmux.waitFor("the third article") { $0.contains("3/6") }

        let fresh = [ArticleFactory.article(99, title: "Fresh from cron")] + first
        server.setBody(TopStoriesJSON.body(section: "world", articles: fresh), for: path)
        let cron = try await home.refresh(section: "world", from: server.baseURL)
        try #require(cron.status == 0, "\(cron.errorOutput)")
        let refreshed = Date()
        let screen = try reader.tmux.waitFor(timeout: 10, "the new article") { $0.contains("Fresh from cron") }
        let elapsed = Date().timeIntervalSince(refreshed)
        #expect(elapsed < 2.5, "noticed after \(elapsed) s")
        #expect(screen.contains("4/7"), "the selection stayed on Morning story 2, now fourth")
        #expect(try reader.quit() == 0)
    }
}
