import Foundation
import NewsCore
import TestSupport
import Testing

/// `nytreader refresh` itself killed with SIGKILL at random moments while it stores a large feed: after each
/// kill the cache holds the whole old feed or the whole new one, and search finds exactly what is cached.
/// The moments are drawn from a seeded generator; `NYTREADER_KILL_SEED=<seed>` replays a run.
@Suite("The real refresh killed at random moments", .serialized, .timeLimit(.minutes(5)))
struct RefreshKillTests {
    /// Articles in each generation of the feed (below the search's ranking window of 1,000).
    static let count = 600
    static let rounds = 14
    static let section = "world"

    @Test("After each SIGKILL: the whole old or the whole new feed, and search agrees with the articles")
    func killedRefreshes() async throws {
        var random = SplitMix64(replaying: "NYTREADER_KILL_SEED")
        print("RefreshKillTests: seed \(random.seed) (NYTREADER_KILL_SEED=\(random.seed) replays this run)")
        let (home, server, path) = try await Self.firstGeneration()

        var generation = 1
        var outcomes: [String: Int] = [:]
        var moments = KillMoments()
        for round in 0..<Self.rounds {
            server.setBody(Self.body(generation: generation + 1), for: path)
            let delay = moments.next(using: &random)
            let refresh = try ChildProcess(
                ProgramBinary.url.path,
                ["refresh", "--section", Self.section, "--api-base-url", server.baseURL.absoluteString, "--db", home.database],
                environment: home.environment(), output: home.directory.path("refresh.out"), errorOutput: nil
            )
            usleep(UInt32(delay * 1_000_000))
            let status = try refresh.kill()
            let found = try await Self.expectConsistent(home, generation: nil, round: round)
            try #require(
                found == generation || found == generation + 1,
                "round \(round) (seed \(random.seed)): generation \(found) after \(generation)")
            outcomes[
                status == 128 + SIGKILL ? (found == generation ? "killed, old kept" : "killed, new stored") : "finished", default: 0] += 1
            moments.record(changed: found != generation)
            generation = found
        }
        print("RefreshKillTests: moments \(moments.history) ms; outcomes \(outcomes.sorted { $0.key < $1.key })")
        // The moments spread over the whole refresh: some kills kept the old feed, some refreshes got through.
        #expect(outcomes["killed, old kept", default: 0] > 0, "seed \(random.seed): \(outcomes)")
        // After all the kills the cache still takes a whole refresh.
        server.setBody(Self.body(generation: generation + 1), for: path)
        let last = try await home.refresh(section: Self.section, from: server.baseURL)
        #expect(last.status == 0, "\(last.errorOutput)")
        try await Self.expectConsistent(home, generation: generation + 1, round: Self.rounds)
    }

    @Test("The reader killed while its r refresh stores the feed: the whole old or the whole new feed")
    func killedReader() async throws {
        var random = SplitMix64(replaying: "NYTREADER_KILL_SEED")
        print("RefreshKillTests (reader): seed \(random.seed) (NYTREADER_KILL_SEED=\(random.seed) replays this run)")
        let (home, server, path) = try await Self.firstGeneration()
        var moments = KillMoments()

        let reader = try TuiHarness(environment: ["NYT_API_KEY": CliHome.key])
        let rounds = 6
        var generation = 1
        var outcomes: [String: Int] = [:]
        for round in 0..<rounds {
            server.setBody(Self.body(generation: generation + 1), for: path)
            try reader.launch(
                "--section \(Self.section) --db '\(home.database)' --api-base-url '\(server.baseURL.absoluteString)'",
                waitingFor: "Crash "
            )
            let process = try reader.readerProcess()
            try reader.tmux.press("r")
            usleep(UInt32(moments.next(using: &random) * 1_000_000))
            Foundation.kill(process, SIGKILL)
            let status = try reader.exitStatus()
            let screen = try reader.tmux.screen()
            #expect(status == 128 + Int(SIGKILL), "round \(round): the reader was killed; screen:\n\(screen)")
            try reader.restoreTerminalAfterKill()
            let found = try await Self.expectConsistent(home, generation: nil, round: round)
            try #require(
                found == generation || found == generation + 1,
                "round \(round) (seed \(random.seed)): generation \(found) after \(generation)")
            outcomes[found == generation ? "old kept" : "new stored", default: 0] += 1
            moments.record(changed: found != generation)
            generation = found
        }
        print("RefreshKillTests (reader): moments \(moments.history) ms; outcomes \(outcomes.sorted { $0.key < $1.key })")
        #expect(outcomes["old kept", default: 0] > 0, "seed \(random.seed): \(outcomes)")
    }

    /// A fresh home whose cache holds generation 1 whole, stored by a refresh from a new fake server.
    static func firstGeneration() async throws -> (CliHome, FakeNYTServer, String) {
        let home = try CliHome()
        let server = try FakeNYTServer()
        let path = FakeNYTServer.topStoriesPath(section)
        server.setBody(body(generation: 1), for: path)
        let first = try await home.refresh(section: section, from: server.baseURL)
        try #require(first.status == 0, "\(first.errorOutput)")
        try await expectConsistent(home, generation: 1, round: -1)
        return (home, server, path)
    }

    /// Checks the cache after a kill and returns the generation the feed holds: every article of one
    /// generation in its order; each sampled article found by its own word; each generation's word
    /// finding exactly the cached articles whose title carries it.
    @discardableResult
    static func expectConsistent(_ home: CliHome, generation expected: Int?, round: Int) async throws -> Int {
        let listed = try await home.run(["list", "--section", section, "--json", "--limit", "5000", "--offline"])
        try #require(listed.status == 0, "round \(round): \(listed.errorOutput)")
        let articles = try ListedArticle.decode(listed.output)
        let generation = try #require(
            articles.first.flatMap { generationOf(title: $0.title) }, "round \(round): \(articles.count) articles")
        if let expected { #expect(generation == expected) }
        let expectedURIs = uris(generation: generation)
        let firstDifference = zip(articles.map(\.uri), expectedURIs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(
            articles.count == expectedURIs.count && firstDifference == nil,
            "round \(round): \(articles.count) articles, first difference from generation \(generation) at rank \(String(describing: firstDifference))"
        )
        #expect(articles.allSatisfy { $0.title.hasSuffix(generationWord(generation)) }, "round \(round): titles of several generations")

        for index in stride(from: generation * count / 2, to: generation * count / 2 + count, by: count / 5) {
            let hits = try await search(home, word(index))
            #expect(
                hits.map(\.uri) == ["nyt://article/test-\(index)"],
                "round \(round): search \(word(index)) found \(hits.prefix(3).map(\.uri))")
        }
        for searched in [generation - 1, generation] where searched >= 1 {
            let hits = try await search(home, generationWord(searched))
            #expect(
                hits.allSatisfy { $0.title.hasSuffix(generationWord(searched)) },
                "round \(round): search finds articles whose title no longer has \(generationWord(searched))")
            if searched == generation {
                let disagreeing = Set(hits.map(\.uri)).symmetricDifference(articles.map(\.uri))
                #expect(
                    disagreeing.isEmpty,
                    "round \(round): search and the feed disagree on \(disagreeing.count) articles, e.g. \(disagreeing.prefix(3))")
            }
        }
        return generation
    }

    static func search(_ home: CliHome, _ text: String) async throws -> [ListedArticle] {
        let result = try await home.run(["search", text, "--json", "--limit", "5000", "--offline"])
        try #require(result.status == 0, "search \(text): \(result.errorOutput)")
        return try ListedArticle.decode(result.output)
    }

    // MARK: - The generations

    /// Generation `g` lists articles g·count/2 ..< g·count/2 + count: half shared with generation g − 1
    /// (retitled, in reverse order on odd generations), half new.
    static func indices(generation: Int) -> [Int] {
        let first = generation * count / 2
        let indices = Array(first..<(first + count))
        return generation % 2 == 1 ? indices.reversed() : indices
    }

    static func uris(generation: Int) -> [String] {
        indices(generation: generation).map { "nyt://article/test-\($0)" }
    }

    static func body(generation: Int) -> Data {
        let articles = indices(generation: generation).map { index in
            ArticleFactory.article(index, title: "Crash \(word(index)) \(generationWord(generation))")
        }
        return TopStoriesJSON.body(section: section, articles: articles)
    }

    /// A word of five letters for article `index`: equal lengths, so a prefix search finds one article only.
    static func word(_ index: Int) -> String {
        "q" + letters(index, count: 4)
    }

    /// The word every title of `generation` ends with.
    static func generationWord(_ generation: Int) -> String {
        "wave" + letters(generation, count: 3)
    }

    static func generationOf(title: String) -> Int? {
        guard let last = title.split(separator: " ").last, last.hasPrefix("wave") else { return nil }
        return last.dropFirst(4).reduce(0) { $0 * 26 + Int($1.asciiValue! - 97) }
    }

    static func letters(_ value: Int, count: Int) -> String {
        var value = value
        var letters: [Character] = []
        for _ in 0..<count {
            letters.append(Character(Unicode.Scalar(UInt8(97 + value % 26))))
            value /= 26
        }
        return String(letters.reversed())
    }
}

/// When to kill the next refresh, following the outcomes so far: a kill that left the old feed waits
/// longer next time, one that came after the new feed was stored comes sooner. The moments close in on
/// the write, wherever it falls on this machine and however busy it is, and the first kill (5 ms after the
/// start, before any process has read its options) always keeps the old feed. Seeded jitter varies them.
struct KillMoments {
    private var seconds = 0.005
    private(set) var history: [Int] = []

    mutating func next(using random: inout SplitMix64) -> TimeInterval {
        let moment = seconds * Double.random(in: 0.8...1.2, using: &random)
        history.append(Int(moment * 1_000))
        return moment
    }

    /// Notes whether the refresh killed at the last moment had stored the new feed.
    mutating func record(changed: Bool) {
        seconds = changed ? max(0.002, seconds / 1.7) : min(5, seconds * 1.7)
    }
}
