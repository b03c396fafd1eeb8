import Foundation
import NewsCore
import TestSupport

/// `nytreader refresh` of a large Top Stories feed from the loopback fake NYT server, process start to exit.
struct RefreshBenchmarks {
    let binary: String
    /// Scratch folder for HOME, the database and the program's output.
    let directory: String
    let now: Date

    /// Median of `runs` refreshes of a `count`-article feed into a cache that already holds the feed; the server
    /// alternates two versions of it, a tenth of the titles changed and a twentieth of the articles new.
    func refresh(count: Int, runs: Int) throws -> Measurement {
        let server = try FakeNYTServer(servesFixtures: false)
        defer { server.stop() }
        var generator = ArticleGenerator(seed: 0x6665_6564, now: now)
        let first = generator.articles(0..<count)
        var second = first
        for index in stride(from: 0, to: count, by: 10) { second[index].title += " (updated)" }
        for index in stride(from: 5, to: count, by: 20) { second[index] = generator.article(count + index) }
        let bodies = [first, second].map { TopStoriesJSON.body(section: "home", articles: $0, lastUpdated: now) }
        let path = FakeNYTServer.topStoriesPath("home")

        let home = "\(directory)/refresh-home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let environment = ["HOME": home, "NYT_API_KEY": "bench-key", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        // The runs follow each other on one cache, which keeps the time of the last request: without
        // `--request-spacing 0` each would wait the NYT's rate limit (12 s) for the one before.
        let arguments = [
            "refresh", "--section", "home", "--db", "\(directory)/refresh.sqlite",
            "--api-base-url", server.baseURL.absoluteString, "--request-spacing", "0",
        ]
        let output = "\(directory)/refresh-output.txt"
        var samples = Samples()
        // The first run creates the cache (and imports the bundled snapshot); it is not counted.
        for run in 0...runs {
            server.setBody(bodies[run % 2], for: path)
            // Timed from the spawn to a blocking waitpid returning (not rounded to a polling interval).
            let (milliseconds, status) = try Stopwatch.time {
                try ChildProcess(binary, arguments, environment: environment, output: output, errorOutput: nil).waitForExit()
            }
            guard status == 0 else {
                let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                throw BenchError.unexpected("nytreader refresh exited with \(status): \(text)")
            }
            if run > 0 { samples.append(milliseconds) }
        }
        return Measurement(
            "refresh.end_to_end_\(count)", "nytreader refresh of \(count.formatted()) articles",
            value: samples.median, unit: "ms", target: 150,
            detail: "median of \(runs), process start to exit, loopback server")
    }
}
