import Foundation
import TestSupport
import Testing

/// The reader started with a key while the NYT cannot be reached: the cache is shown at once, the status
/// line says why nothing new came, and the keys work.
@Suite("The terminal UI when the NYT cannot be reached", .serialized, .timeLimit(.minutes(3)))
struct TuiUnreachableTests {
    @Test("With a key and a refused connection: the bundled feed, the offline banner, and keys that answer")
    func refusedConnection() throws {
        let port = try RefusingPort().port
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "unreachable-test-key"])
        try reader.launch("--api-base-url 'http://127.0.0.1:\(port)'")
        let screen = try reader.tmux.waitFor(timeout: 20, "the offline banner") {
            // auto_refresh_minutes is on by default: the banner says when it tries again.
            $0.contains("Offline — retrying in ")
        }
        #expect(screen.contains(TuiHarness.firstHeadline), "the bundled feed stays on screen")
        let total = try #require(screen.firstMatch(of: /1\/(\d+)/).map { String($0.1) }, "the position in the header")
        #expect(screen.contains("\(total) articles"))
        #expect(!screen.contains("No API key"), "a key is set: the banner says why the refresh failed instead")
        try reader.tmux.press("j")
        try reader.tmux.waitFor("a key after the failure") { $0.contains("2/\(total)") }
        try reader.tmux.press("r")
        // The launch refresh failed once; r fails the same way, logged a second time.
        let deadline = Date().addingTimeInterval(20)
        while reader.log().components(separatedBy: "refresh home failed: Offline").count < 3, Date() < deadline {
            usleep(20_000)
        }
        let log = reader.log()
        #expect(log.components(separatedBy: "refresh home failed: Offline").count == 3, "two failed refreshes logged:\n\(log)")
        let after = try reader.tmux.waitFor("the banner after r") { $0.contains("Offline — retrying in ") && !$0.contains("Refreshing…") }
        #expect(after.contains("2/\(total)"), "the selection stays")
        #expect(try reader.quit() == 0)
        #expect(!log.contains("unreachable-test-key"), "the key is never logged")
    }

    @Test("With a key and --offline: the status line says offline by request, not that a key is missing; r stays offline")
    func offlineByRequest() throws {
        let server = try FakeNYTServer()
        let reader = try TuiHarness(environment: ["NYT_API_KEY": "offline-test-key"])
        try reader.launch("--offline --api-base-url '\(server.baseURL.absoluteString)'")
        let screen = try reader.tmux.waitFor("the offline status") { $0.contains("Offline (--offline) — showing the cache") }
        #expect(!screen.contains("No API key"))
        try reader.tmux.press("r")
        try reader.tmux.waitFor("r answered") { $0.contains("Offline (--offline) — showing the cache") && !$0.contains("Refreshing…") }
        #expect(try reader.quit() == 0)
        #expect(server.requests.isEmpty, "the network was left alone")
    }
}
