import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Crash safety")
struct CrashSafetyTests {
    /// Articles in each generation of the feed.
    static let count = 3_000
    static let kills = 24
    static let policy = RetentionPolicy(maximumUnsavedArticles: 4 * count)

    /// The built `store-crash-child` beside the test runner.
    static var childBinary: String { ChildProcess.builtProgram("store-crash-child") }

    /// `uri|title` of each article of `generation`, in rank order.
    static func expected(generation: Int) -> [String] {
        CrashRefreshPlan.snapshot(generation: generation, count: count).articles.map { "\($0.id)|\($0.title)" }
    }

    @Test("SIGKILL at random moments of large refreshes leaves the whole old list or the whole new one")
    func killedDuringRefresh() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        try ArticleStore(path: path, policy: Self.policy)
            .apply(CrashRefreshPlan.snapshot(generation: 0, count: Self.count), origin: .network)

        var generation = 0
        var killedInsideRefresh = 0
        // On a loaded machine the child can be killed before it has done anything, round after round: the
        // delays then grow, and rounds go on (up to three times as many) until kills have landed inside
        // refreshes and refreshes have completed between them.
        var scale = 1.0
        var round = 0
        while round < Self.kills || (round < 3 * Self.kills && (killedInsideRefresh < 5 || generation < 5)) {
            defer { round += 1 }
            // Spread the kills from before the child opens the store to several refreshes in.
            let delay = (0.03 + Double(round % Self.kills) / Double(Self.kills) * 0.6 + Double.random(in: 0...0.15)) * scale
            let output = directory.path("stdout")
            let errors = directory.path("stderr")
            let child = try ChildProcess(
                Self.childBinary, [path, "\(Self.count)", "\(generation + 1)"], output: output, errorOutput: errors
            )
            let status = try await onOwnThread {
                usleep(UInt32(delay * 1_000_000))
                return try child.kill()
            }
            let log = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let errorText = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            try #require(status == 128 + SIGKILL, "round \(round): the child ended by itself (\(status)): \(errorText)")

            if !log.contains("end ") { scale = min(scale * 1.5, 8) }
            // Which generations may be in the feed, from what the child said last.
            let last = log.split(separator: "\n").last.map(String.init) ?? ""
            let allowed: ClosedRange<Int>
            if last.hasPrefix("begin "), let begun = Int(last.dropFirst(6)) {
                killedInsideRefresh += 1
                allowed = (begun - 1)...begun
            } else if last.hasPrefix("end "), let ended = Int(last.dropFirst(4)) {
                allowed = ended...ended
            } else {
                allowed = generation...generation
            }

            let store = try ArticleStore(path: path, policy: Self.policy)
            let integrity = try store.writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            #expect(integrity == ["ok"], "round \(round)")
            let entries = try store.entries(in: CrashRefreshPlan.feed, range: 0..<(Self.count + 1))
            let found = try #require(entries.first.flatMap { CrashRefreshPlan.generation(ofTitle: $0.article.title) })
            #expect(allowed.contains(found), "round \(round): generation \(found), child said \(last)")
            let actual = entries.map { "\($0.id)|\($0.article.title)" }
            let expected = Self.expected(generation: found)
            let firstDifference = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(actual.count == expected.count, "round \(round): \(actual.count) articles")
            #expect(
                firstDifference == nil, "round \(round): rank \(firstDifference?.offset ?? 0) holds \(firstDifference?.element.0 ?? "")")
            #expect(try store.status(of: CrashRefreshPlan.feed).count == Self.count)
            #expect(try store.unreadCount(in: CrashRefreshPlan.feed) == Self.count)
            generation = found
        }
        // The kills did land inside refreshes, and refreshes did complete between them.
        #expect(killedInsideRefresh >= 5)
        #expect(generation >= 5)
    }
}
