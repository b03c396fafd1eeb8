import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

/// `refresh` and `list` of the built program against the loopback fake NYT server.
@Suite("Headless refresh and list against the fake NYT server", .timeLimit(.minutes(3)))
struct CliRefreshTests {
    /// The world fixture's articles in the NYT's rank order (not date order).
    static let worldRanking: [(uri: String, title: String)] = [
        (
            "nyt://article/bdd640fb-0667-4ad1-9c80-317fa3b1799d",
            "Russia and Ukraine Agree to Cease-Fire Framework, but Sticking Points Remain"
        ),
        ("nyt://article/23b8c1e9-3924-46de-beb1-3b9046685257", "Aid Convoys Reach Northern Gaza After Weeks of Delays"),
        ("nyt://article/bd9c66b3-ad3c-4d6d-9a3d-1fa7bc8960a9", "Japan’s New Prime Minister Faces Early Test as Yen Slides"),
        ("nyt://article/972a8469-1641-4f82-8b9d-2434e465e150", "In Kenya, a Drought-Resistant Sorghum Offers Farmers a Lifeline"),
        ("nyt://article/17fc695a-07a0-4a6e-8822-e8f36c031199", "Brazil’s Supreme Court Upholds Limits on Amazon Logging"),
        ("nyt://article/9a1de644-815e-46d1-bb8f-aa1837f8a88b", "Søren Ibsen-Dahl, 64, Wins Danish Election in Upset"),
        ("nyt://article/b74d0fb1-32e7-4629-8fad-c1a606cb0fb3", "Australia’s Ban on Social Media for Under-16s Faces First Court Challenge"),
        ("nyt://article/6b65a6a4-8b81-48f6-b38a-088ca65ed389", "Canada Unveils Plan to Double Housing Construction by 2035"),
    ]

    @Test("refresh then list --json gives the world feed in rank order, with every field")
    func refreshThenList() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let refresh = try await home.refresh(from: server.baseURL)
        #expect(refresh.status == 0, "stderr: \(refresh.errorOutput)")
        #expect(refresh.output.hasPrefix("world: 8 articles, "), "\(refresh.output)")
        #expect(refresh.errorOutput.isEmpty)
        #expect(server.requests.map(\.path) == ["/svc/topstories/v2/world.json"])
        #expect(server.requests.first?.query["api-key"] == CliHome.key)
        #expect(server.requests.first?.headers["user-agent"] == "nytreader/\(ProgramVersion.current)")

        let list = try await home.listJSON()
        #expect(list.status == 0, "stderr: \(list.errorOutput)")
        let articles = try ListedArticle.decode(list.output)
        #expect(articles.map(\.uri) == Self.worldRanking.map(\.uri))
        #expect(articles.map(\.title) == Self.worldRanking.map(\.title))
        let first = try #require(articles.first)
        #expect(first.byline == "By Andrew E. Kramer and Marc Santora")
        #expect(first.section == "world" && first.sectionName == "World", "the NYT's slug, and the name the reader shows")
        #expect(first.published == "2026-11-20T10:00:04Z")
        #expect(first.url == "https://www.nytimes.com/2026/11/20/world/europe/russia-ukraine-ceasefire-geneva.html")
        #expect(first.lead.hasPrefix("Negotiators in Geneva agreed on a framework"))
        #expect(!first.read && !first.saved)
        #expect(!list.output.contains(CliHome.key) && !refresh.output.contains(CliHome.key))
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        #expect(objects.count == 8)
        #expect(
            objects.allSatisfy {
                Set($0.keys) == ["uri", "title", "byline", "section", "sectionName", "published", "url", "lead", "read", "saved"]
            },
            "exactly these fields: \(objects.first.map { $0.keys.sorted() } ?? [])")
    }

    @Test("list --json's sectionName is the name the reader shows, beside the NYT's section slug from Top Stories")
    func sectionNames() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let refresh = try await home.refresh(section: "home", from: server.baseURL)
        #expect(refresh.status == 0, "stderr: \(refresh.errorOutput)")
        let articles = try ListedArticle.decode(try await home.listJSON(section: "home").output)
        let names = Dictionary(articles.map { ($0.section, $0.sectionName) }) { first, _ in first }
        #expect(names["us"] == "U.S." && names["nyregion"] == "N.Y. Region" && names["business"] == "Business", "\(names)")
    }

    @Test("A refresh ended while it waits its turn (Ctrl-C, kill -9) leaves no turn behind: the next waits only for the last request sent")
    func interruptedWaitLeavesNoTurn() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let url = server.baseURL.absoluteString
        let spacing = ["--request-spacing", "6", "--api-base-url", url, "--db", home.database]
        let first = try await home.run(["refresh", "--section", "world"] + spacing)
        #expect(first.status == 0, "\(first.errorOutput)")
        // The last request to Top Stories taken as sent now, however long the first run took to end.
        let sent = Date().timeIntervalSince1970
        try DatabaseQueue(path: home.database).write { db in
            try db.execute(sql: "UPDATE lastRequest SET requestedAt = ?, endedAt = NULL WHERE api = 'topstories'", arguments: [sent])
        }
        // A second refresh waits for its turn, and is killed while it waits.
        let script = "\"$0\" refresh --section arts \"$@\" 2>/dev/null & waiter=$!; sleep 1; kill -9 $waiter; wait $waiter; true"
        let killed = try Subprocess.run(
            "/bin/sh", ["-c", script, ProgramBinary.url.path] + spacing, environment: home.environment(), timeout: 30)
        #expect(killed.status == 0)
        let third = try await home.run(["refresh", "--section", "home"] + spacing)
        #expect(third.status == 0, "\(third.errorOutput) \(third.output)")
        #expect(server.requests.map(\.path) == ["/svc/topstories/v2/world.json", "/svc/topstories/v2/home.json"])
        // When the server saw the third's request: what the run did after it (storing, closing) is not waiting.
        let waited = try #require(server.requests.last).receivedDate.timeIntervalSince1970 - sent
        #expect(waited < 11, "6 s after the last request sent, not after the killed one's turn (12 s): \(waited) s")
    }

    @Test("A second refresh says how many articles are new and how many were updated")
    func summaryCountsUpdates() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let articles = (0..<5).map { ArticleFactory.article($0) }
        let path = FakeNYTServer.topStoriesPath("world")
        server.setBody(TopStoriesJSON.body(section: "world", articles: articles), for: path)
        #expect(try await home.refresh(from: server.baseURL).output == "world: 5 articles, 5 new, 0 updated\n")

        var changed = Array(articles.dropFirst())
        changed[0].title = "Article 1, revised"
        changed[1].title = "Article 2, revised"
        changed.append(contentsOf: (5..<8).map { ArticleFactory.article($0) })
        server.setBody(TopStoriesJSON.body(section: "world", articles: changed), for: path)
        let second = try await home.refresh(from: server.baseURL)
        #expect(second.status == 0, "stderr: \(second.errorOutput)")
        #expect(second.output == "world: 7 articles, 3 new, 2 updated\n")
        #expect(second.errorOutput.isEmpty)
    }

    @Test("The API key is in no file the program writes: cache, its journal, log, after success and failures")
    func keyNeverStored() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let runs = [
            try await home.refresh(from: server.baseURL, extra: ["--verbose"]),
            try await home.run(["refresh", "--query", "ukraine", "--verbose", "--api-base-url", server.baseURL.absoluteString]),
        ]
        server.setFault(.echoRequestLine)
        let rejected = try await home.refresh(section: "arts", from: server.baseURL, extra: ["--verbose"])
        server.setFault(.rateLimited(retryAfter: 30))
        let limited = try await home.refresh(section: "science", from: server.baseURL, extra: ["--verbose"])
        #expect(runs.map(\.status) == [0, 0])
        #expect([rejected.status, limited.status] == [77, 75])
        #expect(server.requests.count == 4)
        #expect(server.requests.allSatisfy { $0.query["api-key"] == CliHome.key }, "the key was sent each time")

        let files = try FileManager.default.subpathsOfDirectory(atPath: home.url.path)
            .map { home.url.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        let names = Set(files.map(\.lastPathComponent))
        #expect(names.isSuperset(of: ["cache.sqlite", "nytreader.log"]), "\(names)")
        let key = Data(CliHome.key.utf8)
        for file in files {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: key) == nil, "\(file.path) holds the API key")
        }
        let log = try String(contentsOf: home.url.appendingPathComponent("state/nytreader/nytreader.log"), encoding: .utf8)
        #expect(log.contains("api-key=<redacted> 200"), "requests are logged, the key redacted")
        for result in runs + [rejected, limited] {
            #expect(!result.output.contains(CliHome.key) && !result.errorOutput.contains(CliHome.key))
        }
    }

    @Test("A refreshed feed of 30 generated articles replaces the old one and keeps the server's order")
    func generatedFeed() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        #expect(try await home.refresh(from: server.baseURL).status == 0)
        let articles = (0..<30).map { ArticleFactory.article($0) }.reversed()
        server.setBody(TopStoriesJSON.body(section: "world", articles: Array(articles)), for: FakeNYTServer.topStoriesPath("world"))
        let refresh = try await home.refresh(from: server.baseURL)
        #expect(refresh.status == 0, "stderr: \(refresh.errorOutput)")
        #expect(refresh.output == "world: 30 articles, 30 new, 0 updated\n")
        let listed = try ListedArticle.decode(try await home.listJSON().output)
        #expect(listed.map(\.title) == (0..<30).reversed().map { "Article \($0)" })
        #expect(listed.first?.uri == "nyt://article/test-29")
    }

    @Test("A search refresh fetches its pages in order and lists the articles once each")
    func searchPages() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let refresh = try await home.run([
            "refresh", "--query", "ukraine", "--from", "2024-01-01", "--to", "2024-01-31", "--pages", "3",
            "--request-spacing", "0", "--api-base-url", server.baseURL.absoluteString,
        ])
        #expect(refresh.status == 0, "stderr: \(refresh.errorOutput)")
        #expect(refresh.output == "search “ukraine”: 10 articles, 10 new, 0 updated\n")
        #expect(server.requests.map { $0.query["page"] } == ["0", "1", "2"])
        #expect(
            server.requests.allSatisfy {
                $0.query["q"] == "ukraine" && $0.query["begin_date"] == "20240101" && $0.query["end_date"] == "20240131"
            })
        let list = try await home.run(["list", "--query", "ukraine", "--from", "2024-01-01", "--to", "2024-01-31", "--json"])
        let listed = try ListedArticle.decode(list.output)
        #expect(listed.count == 10)
        #expect(listed.first?.title == "Russia Launches One of Its Largest Aerial Assaults on Ukraine")
        #expect(listed.allSatisfy { $0.sectionName == $0.section }, "Article Search gives names: \(listed.map(\.section))")
    }

    @Test("Without a key, refresh exits 77, says how to set one and sends no request")
    func missingKey() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        let result = try await home.run(["refresh", "--section", "world", "--api-base-url", server.baseURL.absoluteString], key: nil)
        #expect(result.status == 77)
        #expect(result.errorOutput == "nytreader: world: No API key set — set NYT_API_KEY to refresh. The cache keeps 17 articles.\n")
        #expect(result.output.isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test("A first refresh that stores its feed leaves the bundled snapshot out; one that fails stores it")
    func snapshotOnlyForAnEmptyCache() async throws {
        let server = try FakeNYTServer()
        let refreshed = try CliHome()
        #expect(try await refreshed.refresh(section: "world", from: server.baseURL).status == 0)
        #expect(try ListedArticle.decode(try await refreshed.listJSON(section: "home").output).isEmpty, "no bundled home feed")
        #expect(try ListedArticle.decode(try await refreshed.listJSON(section: "world").output).count == 8)

        let failed = try CliHome()
        let result = try await failed.run(["refresh", "--section", "arts", "--api-base-url", server.baseURL.absoluteString], key: nil)
        #expect(result.status == 77)
        #expect(result.errorOutput.hasSuffix("The cache keeps 0 articles.\n"), "arts is not in the snapshot")
        #expect(try ListedArticle.decode(try await failed.listJSON(section: "world").output).count == 17, "the bundled world feed")
    }

    @Test("Plain http to a host that is not loopback is a usage error (64) before any request")
    func plainHTTPRejected() async throws {
        let home = try CliHome()
        let result = try await home.run(["refresh", "--section", "world", "--api-base-url", "http://example.com"])
        #expect(result.status == 64)
        #expect(result.errorOutput.contains("plain http is allowed only for loopback hosts, not example.com"), "\(result.errorOutput)")
        #expect(result.output.isEmpty)
        #expect(!result.errorOutput.contains("Fatal error"))
    }
}

@Suite("Headless search and sections", .timeLimit(.minutes(3)))
struct CliSearchTests {
    @Test("search finds a refreshed article by a word of its lead paragraph, as lines and as JSON")
    func searchAfterRefresh() async throws {
        let server = try FakeNYTServer()
        let home = try CliHome()
        #expect(try await home.refresh(from: server.baseURL).status == 0)
        let json = try await home.run(["search", "sorghum", "--json"])
        #expect(json.status == 0, "stderr: \(json.errorOutput)")
        let hits = try ListedArticle.decode(json.output)
        #expect(hits.map(\.uri) == ["nyt://article/972a8469-1641-4f82-8b9d-2434e465e150"])
        let lines = try await home.run(["search", "sorghum"])
        #expect(lines.output.hasSuffix("In Kenya, a Drought-Resistant Sorghum Offers Farmers a Lifeline\n"), "\(lines.output)")
        let none = try await home.run(["search", "zzzqqq"])
        #expect(none.status == 0)
        #expect(none.errorOutput == "nytreader: No cached article matches 'zzzqqq'.\n")
        #expect(try await home.run(["search", "  "]).status == 64)
        #expect(server.requests.count == 1, "search reads the cache only")
    }

    @Test("sections lists the 26 Top Stories sections and takes the common options")
    func sections() async throws {
        let home = try CliHome()
        let result = try await home.run(["sections", "--offline"])
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 26)
        #expect(lines.first == "arts\tArts")
        #expect(lines.contains("nyregion\tN.Y. Region"))
        #expect(lines.last == "world\tWorld")
    }
}

@Suite("Headless refresh of every section", .timeLimit(.minutes(3)))
struct CliAllSectionsTests {
    @Test("--all-sections refreshes the 26 sections in order, one summary line each")
    func allSections() async throws {
        let server = try FakeNYTServer(servesFixtures: false)
        for (index, section) in Section.all.enumerated() {
            let articles = (0..<3).map { ArticleFactory.article(index * 10 + $0, title: "\(section.rawValue) story \($0)") }
            server.setBody(
                TopStoriesJSON.body(section: section.rawValue, articles: articles), for: FakeNYTServer.topStoriesPath(section.rawValue))
        }
        let home = try CliHome()
        let result = try await home.run([
            "refresh", "--all-sections", "--request-spacing", "0", "--api-base-url", server.baseURL.absoluteString,
        ])
        #expect(result.status == 0, "stderr: \(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 26)
        #expect(lines.first == "arts: 3 articles, 3 new, 0 updated")
        #expect(lines.contains("books/review: 3 articles, 3 new, 0 updated"))
        #expect(server.requests.map(\.path) == Section.all.map { FakeNYTServer.topStoriesPath($0.rawValue) })
        let listed = try ListedArticle.decode(try await home.listJSON(section: "books/review").output)
        #expect(listed.map(\.title) == ["books/review story 0", "books/review story 1", "books/review story 2"])
    }

    @Test("A 429 of Top Stories leaves the followed feeds of another API to be asked: Most Popular is refreshed, the next section is not")
    func rateLimitStopsItsAPIOnly() async throws {
        let server = try FakeNYTServer()
        server.setFault(.rateLimited(retryAfter: 30), for: FakeNYTServer.topStoriesPath("world"))
        server.setBody(try Fixtures.data("mostpopular_viewed_1.json"), for: FakeNYTServer.mostPopularPath("viewed", days: 7))
        let home = try CliHome()
        try home.writeConfig(#"feeds = ["world", "home", "popular:viewed:7"]"# + "\n")
        let result = try await home.run(["refresh", "--request-spacing", "0", "--api-base-url", server.baseURL.absoluteString])
        #expect(result.status == 75, "\(result.errorOutput)")
        #expect(result.errorOutput.hasPrefix("nytreader: world: Rate limited — try again in 30 s."), "\(result.errorOutput)")
        #expect(result.output.hasPrefix("popular viewed 7: 4 articles"), "\(result.output)")
        #expect(
            server.requests.map(\.path) == [FakeNYTServer.topStoriesPath("world"), FakeNYTServer.mostPopularPath("viewed", days: 7)],
            "home shares the limit of world's API")
    }

    @Test("A 429 on the first section stops the run: one request, exit 75")
    func rateLimitStops() async throws {
        let server = try FakeNYTServer()
        server.setFault(.rateLimited(retryAfter: 30))
        let home = try CliHome()
        let result = try await home.run([
            "refresh", "--all-sections", "--request-spacing", "0", "--api-base-url", server.baseURL.absoluteString,
        ])
        #expect(result.status == 75)
        #expect(
            result.errorOutput
                == "nytreader: arts: Rate limited — try again in 30 s. The cache keeps 0 articles.\n"
                + "nytreader: not asked, as the same failure would stop them: \(Section.all.count - 1) feeds.\n")
        #expect(server.requests.count == 1)
    }

    @Test("A failed refresh says what the cache keeps in the singular for one article")
    func oneArticleKept() async throws {
        let server = try FakeNYTServer()
        server.setBody(
            TopStoriesJSON.body(section: "science", articles: [ArticleFactory.article(0, title: "The one story")]),
            for: FakeNYTServer.topStoriesPath("science"))
        let home = try CliHome()
        let first = try await home.refresh(section: "science", from: server.baseURL)
        #expect(first.status == 0, "\(first.errorOutput)")
        server.setFault(.serverError(status: 500))
        let failed = try await home.refresh(section: "science", from: server.baseURL)
        #expect(failed.errorOutput.hasSuffix("The cache keeps 1 article.\n"), "\(failed.errorOutput)")
    }

    @Test("The followed feeds a failure leaves no chance are named on one line, not passed over in silence")
    func skippedFeedsNamed() async throws {
        let home = try CliHome()
        try home.writeConfig("feeds = [\"home\", \"world\", \"popular:viewed:1\"]\n")
        let result = try await home.run(["refresh"], key: nil)
        #expect(result.status == 77, "\(result.errorOutput)")
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.count == 2, "\(result.errorOutput)")
        #expect(lines.last == "nytreader: not asked, as the same failure would stop them: world, popular viewed 1.")
    }
}
