import Foundation
import NewsCore
import TestSupport
import Testing

/// What the program leaves on disk when it ends: the cache as one file, every write checkpointed into it
/// (a copy of the file alone, or one opened `immutable` on a read-only file system, then holds them).
@Suite("The cache once the program has ended", .timeLimit(.minutes(3)))
struct CacheCloseTests {
    @Test("Twenty refreshes of 1,000 articles into new caches: each leaves its articles in the file, the write-ahead log empty or gone")
    func refreshLeavesOneFile() async throws {
        let server = try FakeNYTServer(servesFixtures: false)
        let now = Date()
        var generator = ArticleGenerator(now: now)
        server.setBody(
            TopStoriesJSON.body(section: "home", articles: generator.articles(0..<1_000), lastUpdated: now),
            for: FakeNYTServer.topStoriesPath("home"))
        var leftBehind: [Int] = []
        for run in 0..<20 {
            let home = try CliHome()
            let refresh = try await home.refresh(section: "home", from: server.baseURL)
            #expect(refresh.status == 0, "\(refresh.errorOutput)")
            let log = (try? FileManager.default.attributesOfItem(atPath: home.database + "-wal")[.size] as? Int) ?? 0
            if log > 0 { leftBehind.append(run) }
        }
        // The process used to end while a store thread still held the store, so its connections never
        // closed and nothing moved the log into the file: 4 runs of 30 left it, 1.4 MB.
        #expect(leftBehind.isEmpty, "runs that left a write-ahead log that is not empty: \(leftBehind)")
    }
}
