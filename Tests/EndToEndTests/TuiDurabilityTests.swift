import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

/// What the reader confirms on screen is in the cache after it exits, however it exits and however soon.
@Suite("Changes the reader showed survive its exit", .serialized, .timeLimit(.minutes(10)))
struct TuiDurabilityTests {
    /// The cached articles of `section`, read back by `nytreader list` from the harness's cache.
    static func listed(_ reader: TuiHarness, section: String = "home", database: String? = nil) throws -> [ListedArticle] {
        let environment = TuiHarness.freshEnvironment(reader.home)
        let result = try Subprocess.run(
            ProgramBinary.url.path, ["list", "--section", section, "--json", "--limit", "100"] + (database.map { ["--db", $0] } ?? []),
            environment: environment, timeout: 30
        )
        #expect(result.status == 0, "\(result.errorOutput)")
        return try ListedArticle.decode(result.output)
    }

    /// The articles a copy of the reader's cache file alone holds (without its write-ahead log).
    static func listedFromFileAlone(_ reader: TuiHarness) throws -> [ListedArticle] {
        let cache = reader.home.url.appendingPathComponent(".local/share/nytreader/cache.sqlite").path
        let copy = reader.home.url.appendingPathComponent("cache-file-alone.sqlite").path
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: cache, toPath: copy)
        return try listed(reader, database: copy)
    }

    @Test("A then q at once, ten times: every article of the feed is read on the next start")
    func markAllThenQuit() throws {
        for attempt in 1...10 {
            let reader = try TuiHarness()
            try reader.launch()
            try #require(try Self.listed(reader).contains { !$0.read }, "attempt \(attempt): the bundled feed starts unread")
            try reader.tmux.press("A", "q")
            #expect(try reader.exitStatus() == 0, "attempt \(attempt)")
            let articles = try Self.listed(reader)
            #expect(articles.count == 22)
            #expect(
                articles.allSatisfy { $0.read }, "attempt \(attempt): \(articles.filter { !$0.read }.count) articles unread after A then q")
            // The marks are in the cache file itself, not only in a write-ahead log left beside it.
            let alone = try Self.listedFromFileAlone(reader)
            #expect(alone.count == 22 && alone.allSatisfy { $0.read }, "attempt \(attempt): the cache file alone holds the marks")
        }
    }

    @Test(
        "m while another process holds the cache, then the terminal closes or the session ends: the mark is written once it can be",
        arguments: [SIGHUP, SIGTERM])
    func markThenSignal(signal: Int32) throws {
        let reader = try TuiHarness()
        try reader.launch()
        let first = try #require(try Self.listed(reader).first)
        #expect(!first.read)
        let pid = try reader.readerProcess()
        // Another process (a refresh from cron) holds the write lock: the mark waits for it, after the screen
        // has shown it, and the signal arrives while it waits.
        let holder = try DatabaseQueue(path: reader.home.url.appendingPathComponent(".local/share/nytreader/cache.sqlite").path)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try reader.tmux.press("m")
            try reader.tmux.waitFor("the first row marked read") { screen in
                screen.split(separator: "\n").dropFirst().first.map { !$0.hasPrefix("•") } ?? false
            }
            #expect(kill(pid, signal) == 0)
            usleep(500_000)
            try db.execute(sql: "ROLLBACK")
        }
        #expect(try reader.exitStatus() == 128 + Int(signal))
        let after = try Self.listed(reader).first { $0.uri == first.uri }
        #expect(after?.read == true)
    }

    @Test(
        "b then q while another process holds the cache past the wait: Saved is never said, and the exit says the change was not saved (74)"
    )
    func saveThatCannotBeWritten() throws {
        let reader = try TuiHarness()
        try reader.launch()
        let holder = try DatabaseQueue(path: reader.home.url.appendingPathComponent(".local/share/nytreader/cache.sqlite").path)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            try reader.tmux.press("b")
            let screen = try reader.tmux.waitFor("the star drawn") { $0.split(separator: "\n").dropFirst().first?.hasPrefix("•*") == true }
            #expect(!screen.contains("Saved"), "not said before it is written: \(screen)")
            try reader.tmux.press("q")
            #expect(try reader.exitStatus(timeout: 20) == 74)
        }
        let screen = try reader.tmux.screen()
        #expect(screen.contains("nytreader: 1 change shown on screen could not be saved: The cache is busy"), "\(screen)")
        let saved = try Subprocess.run(
            ProgramBinary.url.path, ["list", "--saved"], environment: TuiHarness.freshEnvironment(reader.home), timeout: 30)
        #expect(saved.output.isEmpty, "\(saved.output)")
    }

    @Test("d on an imported month of 30,000 articles asks first; y, Esc, q at once: the month is forgotten")
    func forgetMonthThenQuit() async throws {
        let server = try FakeNYTServer()
        server.setBody(
            ArchiveMonthJSON.body(year: 2023, month: 6, count: 30_000, shape: .from2025),
            for: FakeNYTServer.archivePath(year: 2023, month: 6)
        )
        let reader = try TuiHarness()
        // A month this large takes the debug build longer than the default 15 s to read.
        try reader.writeConfig("request_timeout_seconds = 240\n")
        var environment = TuiHarness.freshEnvironment(reader.home)
        environment["NYT_API_KEY"] = "durability-test-key"
        let imported = try Subprocess.run(
            ProgramBinary.url.path,
            ["archive", "2023-06", "--api-base-url", server.baseURL.absoluteString, "--request-spacing", "0"],
            environment: environment, timeout: 240
        )
        try #require(imported.status == 0, "\(imported.errorOutput)")
        let status = { try Subprocess.run(ProgramBinary.url.path, ["archive", "--status"], environment: environment, timeout: 30).output }
        try #require(try status().contains("2023-06"))

        try reader.launch("--offline")
        try reader.tmux.press("s")
        try reader.tmux.waitFor("the section picker") { $0.contains("┌─ Feeds") }
        try reader.tmux.press("End")
        try reader.tmux.waitFor("June 2023 highlighted") { $0.contains("June 2023") }
        try reader.tmux.press("d")
        try reader.tmux.waitFor("the question") {
            $0.contains("Forget June 2023 (29,940 articles; importing it again is one request)? y/n")
        }
        try reader.tmux.press("y", "Escape", "q")
        #expect(try reader.exitStatus(timeout: 120) == 0)
        let after = try status()
        #expect(!after.contains("2023-06"), "\(after)")
    }
}
