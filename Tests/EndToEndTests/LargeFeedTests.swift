import Foundation
import NewsCore
import TestSupport
import Testing

/// A feed of any length is refreshed in bounded memory: its articles are set aside as they arrive.
@Suite("A very long feed", .timeLimit(.minutes(3)))
struct LargeFeedTests {
    @Test("20,000 Top Stories (a 22 MB body) are stored whole, the process never holding them all")
    func longFeedInBoundedMemory() throws {
        let home = try CliHome()
        let server = try FakeNYTServer(servesFixtures: false)
        let now = Date()
        var generator = ArticleGenerator(now: now)
        let body = TopStoriesJSON.body(section: "home", articles: generator.articles(0..<20_000), lastUpdated: now)
        #expect(body.count > 15_000_000)
        server.setBody(body, for: FakeNYTServer.topStoriesPath("home"))
        let output = home.directory.path("refresh.out")
        let child = try ChildProcess(
            ProgramBinary.url.path,
            ["refresh", "--section", "home", "--api-base-url", server.baseURL.absoluteString, "--db", home.database],
            environment: home.environment(), output: output, errorOutput: nil
        )
        let (status, peak) = try child.waitMeasuringPeak(timeout: 120)
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(printed)")
        #expect(printed.contains("home: 20,000 articles") || printed.contains("home: 20000 articles"), "\(printed)")
        #expect(peak > 1_000, "the child's memory was read")
        print("LargeFeedTests: 20,000 articles refreshed with a peak RSS of \(peak / 1024) MB")
        // Holding the 20,000 articles took about 60 MB; set aside as they arrive, about 30.
        #expect(peak < 45 * 1024, "peak RSS \(peak / 1024) MB")
    }
}
