import Foundation
import TestSupport
import Testing

/// `nytreader archive` against generated months on the fake server: imported, listed and searched,
/// killed and resumed, rate limited and resumed, and the memory one large month takes.
@Suite("The NYT archive", .serialized, .timeLimit(.minutes(5)))
struct ArchiveTests {
    /// Serves `count` docs for each month of 2024 in `months`.
    static func server(months: [Int], count: Int, paced: Bool = false) throws -> FakeNYTServer {
        let server = try FakeNYTServer(servesFixtures: false)
        for month in months {
            let path = FakeNYTServer.archivePath(year: 2024, month: month)
            server.setBody(
                ArchiveMonthJSON.body(year: 2024, month: month, count: count, shape: month == 3 ? .from2025 : .before2025), for: path)
            if paced { server.setFault(.paced(chunk: 32 << 10, pause: 0.004), for: path) }
        }
        return server
    }

    static func archivePaths(_ server: FakeNYTServer) -> [String] {
        server.requests.map(\.path).filter { $0.hasPrefix("/svc/archive/") }
    }

    @Test("Three months imported oldest first, listed in publication order and searched; a second run asks nothing")
    func threeMonths() async throws {
        let home = try CliHome()
        let server = try Self.server(months: [1, 2, 3], count: 300)
        let url = server.baseURL.absoluteString
        let first = try await home.run(["archive", "2024-01..2024-03", "--api-base-url", url, "--request-spacing", "0"])
        #expect(first.status == 0, "\(first.errorOutput)")
        let lines = first.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(first.output)")
        for (line, month) in zip(lines, ["2024-01", "2024-02", "2024-03"]) {
            #expect(line.hasPrefix("\(month): 300 articles, 300 new, "), "\(line)")
        }
        #expect(Self.archivePaths(server) == ["/svc/archive/v1/2024/1.json", "/svc/archive/v1/2024/2.json", "/svc/archive/v1/2024/3.json"])

        let listed = try await home.run(["list", "--archive", "2024-02", "--json", "--limit", "1000"])
        let articles = try ListedArticle.decode(listed.output)
        #expect(articles.count == 300)
        #expect(articles.map(\.published) == articles.map(\.published).sorted(), "publication order")
        #expect(articles.allSatisfy { $0.title.hasPrefix("Archive202402 story ") })

        let searched = try await home.run(["search", "archive202403", "--json", "--limit", "1000"])
        let hits = try ListedArticle.decode(searched.output)
        #expect(hits.count == 300, "\(searched.errorOutput)")
        #expect(hits.allSatisfy { $0.uri.hasPrefix("nyt://article/archive202403-") })

        let again = try await home.run(["archive", "2024", "--api-base-url", url, "--request-spacing", "0"])
        #expect(again.output.contains("2024-01: already imported"), "\(again.output)")
        #expect(Self.archivePaths(server).count == 3 + 9, "only the months not imported yet were asked: \(Self.archivePaths(server))")
        #expect(again.status == 69, "the months the fake server does not have fail: \(again.errorOutput)")

        let status = try await home.run(["archive", "--status"])
        #expect(status.output.hasPrefix("3 months imported, 900 articles"), "\(status.output)")
        let offline = try await home.run(["archive", "--status", "--offline"])
        #expect(offline.status == 0 && offline.output == status.output, "--offline takes --status, which reads the cache only")
        #expect(status.output.contains("2024-03  300 of 300 articles"), "\(status.output)")
        // Shell completion offers the months imported to archive --forget, and their feeds to --feed (the
        // word completed is the line's last, as the shell hands it over; the test's --db comes after it).
        let forgettable = try await home.run([
            "---completion", "archive", "--", "--forget", "3", "0", "nytreader", "archive", "--forget", "",
        ])
        #expect(forgettable.output.split(separator: "\n") == ["2024-01", "2024-02", "2024-03"], "\(forgettable.errorOutput)")
        let feeds = try await home.run(["---completion", "list", "--", "--feed", "3", "0", "nytreader", "list", "--feed", ""])
        #expect(
            feeds.output.split(separator: "\n").suffix(4) == ["saved", "archive:2024-01", "archive:2024-02", "archive:2024-03"],
            "\(feeds.output)")

        let forgot = try await home.run(["archive", "--forget", "2024-01"])
        #expect(forgot.output.contains("Forgot 1 month: 300 articles removed"), "\(forgot.output)")
        let after = try await home.run(["search", "archive202401", "--json"])
        #expect(try ListedArticle.decode(after.output).isEmpty)
        let both = try await home.run(["archive", "--forget", "2024-02", "2024-03"])
        #expect(both.output.contains("Forgot 2 months: 600 articles removed"), "--forget takes each month after it: \(both.errorOutput)")
    }

    @Test("In a terminal narrower than the progress line, the line is cut to fit: no row of it is left behind as it is redrawn")
    func progressLineFits() throws {
        let home = try CliHome()
        // The line is drawn as each batch of 500 is written: three batches a month, over about a second and a half.
        let server = try Self.server(months: [1, 2, 3], count: 1_200)
        for month in [1, 2, 3] {
            server.setFault(.paced(chunk: 16 << 10, pause: 0.005), for: FakeNYTServer.archivePath(year: 2024, month: month))
        }
        let tmux = try TmuxSession(columns: 60, rows: 20, environment: home.environment())
        try tmux.run(
            "'\(ProgramBinary.url.path)' archive 2024-01..2024-03 --db '\(home.database)' --request-spacing 0 "
                + "--api-base-url '\(server.baseURL.absoluteString)'; echo done")
        var drawn: Set<String> = []
        let deadline = Date().addingTimeInterval(60)
        var screen = ""
        while Date() < deadline, !screen.contains("\ndone") {
            screen = try tmux.screen()
            drawn.formUnion(screen.split(separator: "\n").filter { $0.contains("/3") }.map(String.init))
            Thread.sleep(forTimeInterval: 0.05)
        }
        try #require(screen.contains("2024-03: 1,198 articles"), "\(screen)")
        #expect(drawn.contains { $0.hasPrefix("2024-02 [") && $0.contains("left") }, "the time left is shown: \(drawn)")
        #expect(drawn.allSatisfy { $0.count < 60 }, "\(drawn)")
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.filter { $0.contains("/3") }.isEmpty, "no progress row is left: \(screen)")
    }

    @Test("Killed at random moments of an import: each month is complete once or not at all; the rerun asks only for what is missing")
    func killedImports() async throws {
        var random = SplitMix64(replaying: "NYTREADER_KILL_SEED")
        print("ArchiveTests: seed \(random.seed)")
        let home = try CliHome()
        let count = 1_500
        let server = try Self.server(months: [1, 2], count: count, paced: true)
        let arguments = [
            "archive", "2024-01..2024-02", "--api-base-url", server.baseURL.absoluteString, "--request-spacing", "0", "--db", home.database,
        ]
        var outcomes: [String] = []
        // Adaptive moments: a kill that completed no month waits longer next time, one that did comes
        // sooner, so the kills land before, during and after each month's last write on any machine.
        var moment = 0.15
        var completed = 0
        for round in 0..<7 {
            let delay = moment * Double.random(in: 0.8...1.2, using: &random)
            let child = try ChildProcess(
                ProgramBinary.url.path, arguments, environment: home.environment(),
                output: home.directory.path("archive.out"), errorOutput: nil
            )
            usleep(UInt32(delay * 1_000_000))
            let status = try child.kill()
            let complete = try await Self.completeMonths(home, count: count, round: round)
            moment = complete.count > completed ? max(0.05, moment / 1.8) : min(6, moment * 1.8)
            completed = complete.count
            outcomes.append("\(Int(delay * 1000)) ms → \(status == 128 + SIGKILL ? "killed" : "exit \(status)"), complete \(complete)")
        }
        print("ArchiveTests: \(outcomes)")
        let completeBefore = try await Self.completeMonths(home, count: count, round: 5)
        server.clearRequests()
        let last = try await home.run(Array(arguments.dropLast(2)))
        #expect(last.status == 0, "\(last.errorOutput)")
        let asked = Self.archivePaths(server).map { $0.hasSuffix("/1.json") ? "2024-01" : "2024-02" }
        #expect(Set(asked).isDisjoint(with: completeBefore), "asked again for a complete month: \(asked), complete \(completeBefore)")
        #expect(try await Self.completeMonths(home, count: count, round: 6) == ["2024-01", "2024-02"])
    }

    /// The months `archive --status` lists as imported whole; each has exactly its readable articles, each once, and the
    /// cache has no article of the months twice.
    static func completeMonths(_ home: CliHome, count: Int, round: Int) async throws -> [String] {
        let status = try await home.run(["archive", "--status"])
        try #require(status.status == 0, "round \(round): \(status.errorOutput)")
        let months = status.output.split(separator: "\n").dropFirst().filter { !$0.contains("imported in part") }.map {
            String($0.prefix(7))
        }
        for month in months {
            let listed = try await home.run(["list", "--archive", month, "--json", "--limit", "5000"])
            let articles = try ListedArticle.decode(listed.output)
            #expect(articles.count == ArchiveMonthJSON.readableCount(count), "round \(round): \(month) has \(articles.count)")
            #expect(Set(articles.map(\.uri)).count == articles.count, "round \(round): \(month) lists an article twice")
        }
        for month in ["202401", "202402"] {
            let hits = try ListedArticle.decode(
                try await home.run(["search", "archive\(month)", "--json", "--limit", "5000"]).output)
            #expect(Set(hits.map(\.uri)).count == hits.count, "round \(round): an article of \(month) is stored twice")
            #expect(hits.count <= ArchiveMonthJSON.readableCount(count))
        }
        return months.sorted()
    }

    @Test("Rate limited in the middle of a range: exit 75 with the time to come back; the next run goes on from there")
    func rateLimited() async throws {
        let home = try CliHome()
        let server = try Self.server(months: [1, 2, 3], count: 50)
        let url = server.baseURL.absoluteString
        server.setFault(.rateLimited(retryAfter: 1), for: FakeNYTServer.archivePath(year: 2024, month: 2))
        let first = try await home.run(["archive", "2024-01..2024-03", "--api-base-url", url, "--request-spacing", "0"])
        #expect(first.status == 75)
        #expect(first.output.hasPrefix("2024-01: 50 articles"), "\(first.output)")
        #expect(
            first.errorOutput.contains(
                "2024-02: Rate limited — try again in 1 s. 2 months not imported; run the same command again to go on."),
            "\(first.errorOutput)")
        #expect(Self.archivePaths(server).count == 2, "it stopped at the 429")
        server.clearFaults()
        server.clearRequests()
        try await Task.sleep(for: .milliseconds(1_100))
        let second = try await home.run(["archive", "2024-01..2024-03", "--api-base-url", url, "--request-spacing", "0"])
        #expect(second.status == 0, "\(second.errorOutput)")
        #expect(Self.archivePaths(server) == ["/svc/archive/v1/2024/2.json", "/svc/archive/v1/2024/3.json"])
    }

    @Test("Offline, a range stops at its first month and says how many are left")
    func offlineStops() async throws {
        let home = try CliHome()
        let closedPort = try RefusingPort().port
        let result = try await home.run(
            ["archive", "2024-01..2024-06", "--api-base-url", "http://127.0.0.1:\(closedPort)", "--request-spacing", "0"])
        #expect(result.status == 69)
        #expect(
            result.errorOutput
                == "nytreader: 2024-01: Offline — the NYT could not be reached. 6 months not imported; run the same command again to go on.\n",
            "\(result.errorOutput)")
    }

    @Test("Two runs of one import a moment apart: the second waits its turn, finds the month imported and asks nothing")
    func overlappingRuns() async throws {
        let home = try CliHome()
        let server = try Self.server(months: [1], count: 3_000, paced: true)
        let arguments = ["archive", "2024-01", "--api-base-url", server.baseURL.absoluteString, "--request-spacing", "3"]
        async let first = home.run(arguments)
        try await Task.sleep(for: .milliseconds(300))
        async let second = home.run(arguments)
        let (one, two) = try await (first, second)
        #expect(one.status == 0 && two.status == 0, "\(one.errorOutput) \(two.errorOutput)")
        #expect(Self.archivePaths(server) == ["/svc/archive/v1/2024/1.json"], "the month asked for once")
        #expect(one.output.hasPrefix("2024-01: 2,994 articles, 2,994 new"), "\(one.output)")
        #expect(two.output == "2024-01: already imported, by another nytreader meanwhile (--force imports it again)\n", "\(two.output)")
    }

    @Test("Two runs of one import whose download outlasts the spacing: the second waits for the first, and asks nothing")
    func overlappingLongDownloads() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer(servesFixtures: false)
        let path = FakeNYTServer.archivePath(year: 2024, month: 1)
        server.setBody(ArchiveMonthJSON.body(year: 2024, month: 1, count: 1_000), for: path)
        // About three seconds of download, with a spacing of half a second.
        server.setFault(.paced(chunk: 16 << 10, pause: 0.02), for: path)
        let arguments = ["archive", "2024-01", "--api-base-url", server.baseURL.absoluteString, "--request-spacing", "0.5"]
        async let first = home.run(arguments)
        try await Task.sleep(for: .milliseconds(1_200))
        async let second = home.run(arguments)
        let (one, two) = try await (first, second)
        #expect(one.status == 0 && two.status == 0, "\(one.errorOutput) \(two.errorOutput)")
        #expect(Self.archivePaths(server) == [path], "the month asked for once")
        #expect(two.errorOutput.contains("2024-01: another nytreader is importing it; waiting for it to end."), "\(two.errorOutput)")
        #expect(two.output == "2024-01: already imported, by another nytreader meanwhile (--force imports it again)\n", "\(two.output)")
    }

    @Test("With no API key a range stops at once and does not advise running it again: the key comes first")
    func noKeyStops() async throws {
        let home = try CliHome()
        let server = try Self.server(months: [1], count: 10)
        let result = try await home.run(
            ["archive", "2024-01..2024-03", "--api-base-url", server.baseURL.absoluteString, "--request-spacing", "0"], key: nil)
        #expect(result.status == 77)
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasSuffix("3 months not imported."), "\(result.errorOutput)")
        #expect(Self.archivePaths(server).isEmpty)
    }

    @Test("A month whose import was cut short is listed by --status as imported in part, and forgotten with what it had written")
    func forgetCutShort() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer(servesFixtures: false)
        let short = String(decoding: ArchiveMonthJSON.body(year: 2024, month: 3, count: 3), as: UTF8.self)
        server.setBody(
            Data(short.replacingOccurrences(of: #""hits":3"#, with: #""hits":5"#).utf8),
            for: FakeNYTServer.archivePath(year: 2024, month: 3))
        let cut = try await home.run(["archive", "2024-03", "--api-base-url", server.baseURL.absoluteString])
        #expect(cut.status == 69, "\(cut.errorOutput)")
        let status = try await home.run(["archive", "--status"])
        #expect(status.output.hasPrefix("0 months imported, 0 articles, 0.0 MB downloaded; the cache is "), "\(status.output)")
        #expect(status.output.contains("; 1 month imported in part\n"), "\(status.output)")
        #expect(
            status.output.hasSuffix("\n2024-03  3 articles so far, imported in part (nytreader archive 2024-03 goes on)\n"),
            "\(status.output)")
        let forgot = try await home.run(["archive", "--forget", "2024-03", "2024-04"])
        #expect(
            forgot.output == "Forgot 1 month imported in part: 3 articles removed (saved ones and those in other feeds kept).\n",
            "\(forgot.output)")
        let listed = try await home.run(["list", "--archive", "2024-03"])
        #expect(listed.output.isEmpty, "\(listed.output)")
    }

    @Test("A month without its docs, with docs that are not a list, or short of its hits is not imported; the next run asks again")
    func incompleteMonths() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer(servesFixtures: false)
        let url = server.baseURL.absoluteString
        server.setBody(
            Data(#"{"copyright":"c","response":{"meta":{"hits":5}}}"#.utf8), for: FakeNYTServer.archivePath(year: 2024, month: 1))
        server.setBody(
            Data(#"{"copyright":"c","response":{"docs":{},"meta":{"hits":5}}}"#.utf8), for: FakeNYTServer.archivePath(year: 2024, month: 2))
        let short = String(decoding: ArchiveMonthJSON.body(year: 2024, month: 3, count: 3), as: UTF8.self)
        #expect(short.hasSuffix(#""meta":{"hits":3}}}"#))
        server.setBody(
            Data(short.replacingOccurrences(of: #""hits":3"#, with: #""hits":5"#).utf8),
            for: FakeNYTServer.archivePath(year: 2024, month: 3))

        let first = try await home.run(["archive", "2024-01..2024-03", "--api-base-url", url, "--request-spacing", "0"])
        #expect(first.status == 69, "\(first.output) \(first.errorOutput)")
        #expect(first.output.isEmpty, "no month imported: \(first.output)")
        let errors = first.errorOutput.split(separator: "\n").map(String.init)
        #expect(errors.count == 4, "\(first.errorOutput)")
        #expect(errors.first == "nytreader: 2024-01: NYT sent a response that could not be read.", "\(errors)")
        #expect(errors.dropFirst().first == "nytreader: 2024-02: NYT sent a response that could not be read.", "\(errors)")
        #expect(
            errors.dropFirst(2).first
                == "nytreader: 2024-03: the NYT counts 5 articles for the month but sent 3 (2 missing); the month is not complete.",
            "\(errors)")
        #expect(
            errors.last
                == "nytreader: 3 of 3 months not imported (2024-01, 2024-02, 2024-03); run the same command again to import them.",
            "\(errors)")

        let status = try await home.run(["archive", "--status"])
        #expect(status.output.hasPrefix("0 months imported, 0 articles"), "\(status.output)")

        server.clearRequests()
        server.setBody(ArchiveMonthJSON.body(year: 2024, month: 3, count: 5), for: FakeNYTServer.archivePath(year: 2024, month: 3))
        let second = try await home.run(["archive", "2024-01..2024-03", "--api-base-url", url, "--request-spacing", "0"])
        #expect(Self.archivePaths(server).count == 3, "every month asked again: \(Self.archivePaths(server))")
        #expect(second.status == 69)
        #expect(second.output.hasPrefix("2024-03: 5 articles, 2 new, "), "\(second.output)")
        let after = try await home.run(["archive", "--status"])
        #expect(after.output.contains("2024-03  5 of 5 articles"), "\(after.output)")
        #expect(!after.output.contains("2024-01") && !after.output.contains("2024-02"), "\(after.output)")
    }

    @Test("A month of one article is said in the singular, on import and in --status")
    func oneArticle() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer(servesFixtures: false)
        server.setBody(ArchiveMonthJSON.body(year: 2024, month: 7, count: 1), for: FakeNYTServer.archivePath(year: 2024, month: 7))
        let result = try await home.run(["archive", "2024-07", "--api-base-url", server.baseURL.absoluteString])
        #expect(result.output.hasPrefix("2024-07: 1 article, 1 new, "), "\(result.output)")
        let status = try await home.run(["archive", "--status"])
        #expect(status.output.contains("\n2024-07  1 of 1 article  "), "\(status.output)")
    }

    @Test("Docs dated outside the month are left out and counted; a negative hits is an unknown count")
    func outsideTheMonth() async throws {
        let home = try CliHome()
        let server = try FakeNYTServer(servesFixtures: false)
        var body = String(decoding: ArchiveMonthJSON.body(year: 2024, month: 5, count: 10), as: UTF8.self)
        for _ in 0..<2 {
            let date = try #require(body.range(of: #""pub_date":"2024-05-[0-9]{2}T[0-9]{2}:00:00\+0000""#, options: .regularExpression))
            body.replaceSubrange(date, with: #""pub_date":"2019-01-15T12:00:00+0000""#)
        }
        body = body.replacingOccurrences(of: #""hits":10"#, with: #""hits":-10"#)
        server.setBody(Data(body.utf8), for: FakeNYTServer.archivePath(year: 2024, month: 5))

        let result = try await home.run(["archive", "2024-05", "--api-base-url", server.baseURL.absoluteString])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("2024-05: 8 articles, 8 new, 2 dated outside the month left out, "), "\(result.output)")
        let listed = try ListedArticle.decode(try await home.run(["list", "--archive", "2024-05", "--json"]).output)
        #expect(listed.count == 8)
        #expect(!listed.contains { $0.published.hasPrefix("2019") }, "\(listed.map(\.published))")
        let status = try await home.run(["archive", "--status"])
        #expect(status.output.contains("2024-05  8 articles"), "no count of the NYT's to compare with: \(status.output)")
    }

    @Test("Docs left out as unreadable are said as the month is imported, and the status gives the NYT's count beside them")
    func unreadableDocsSaid() async throws {
        let home = try CliHome()
        let server = try Self.server(months: [6], count: 1_000)
        let result = try await home.run(["archive", "2024-06", "--api-base-url", server.baseURL.absoluteString])
        #expect(result.status == 0, "\(result.errorOutput)")
        let left = 1_000 - ArchiveMonthJSON.readableCount(1_000)
        #expect(result.output.hasPrefix("2024-06: 998 articles, 998 new, \(left) unreadable or repeated left out, "), "\(result.output)")
        let status = try await home.run(["archive", "--status"])
        #expect(status.output.contains("2024-06  998 articles (2 of the NYT's 1,000 left out)"), "\(status.output)")
    }

    @Test("A 30 MB month is imported in bounded memory")
    func largeMonthMemory() throws {
        let home = try CliHome()
        let server = try FakeNYTServer(servesFixtures: false)
        let body = ArchiveMonthJSON.body(year: 2024, month: 5, count: 7_500, multimediaItems: 8)
        #expect(body.count > 28_000_000)
        server.setBody(body, for: FakeNYTServer.archivePath(year: 2024, month: 5))
        let child = try ChildProcess(
            ProgramBinary.url.path,
            ["archive", "2024-05", "--api-base-url", server.baseURL.absoluteString, "--db", home.database],
            environment: home.environment(), output: home.directory.path("archive.out"), errorOutput: nil
        )
        let (status, peak) = try child.waitMeasuringPeak(timeout: 120)
        #expect(status == 0, "\((try? String(contentsOfFile: home.directory.path("archive.out"), encoding: .utf8)) ?? "")")
        #expect(peak > 1_000, "the child's memory was read")
        print("ArchiveTests: a \(body.count / 1_000_000) MB month imported with a peak RSS of \(peak / 1024) MB")
        // Loose, for a busy machine; docs/performance.md has the figure.
        #expect(peak < 100 * 1024, "peak RSS \(peak / 1024) MB")
    }
}
