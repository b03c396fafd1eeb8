import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Query plans")
struct QueryPlanTests {
    /// The steps of `sql`'s query plan, as SQLite words them (e.g. `SEARCH fi USING PRIMARY KEY (feedId=? AND rank>? AND rank<?)`).
    static func plan(of sql: String, in store: ArticleStore) throws -> [String] {
        try store.writer.read { db in
            let arguments = StatementArguments(Array(repeating: 0, count: parameterCount(of: sql)))
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { try $0["detail"] as String }
        }
    }

    /// How many parameters `sql` has: a `?NNN` is parameter NNN, a `?` the one after the highest so far.
    static func parameterCount(of sql: String) -> Int {
        var highest = 0
        var characters = sql[...]
        while let mark = characters.firstIndex(of: "?") {
            let digits = characters[characters.index(after: mark)...].prefix { $0.isASCII && $0.isNumber }
            highest = digits.isEmpty ? highest + 1 : max(highest, Int(digits)!)
            characters = characters[digits.endIndex...]
        }
        return highest
    }

    @Test("Every frequent read is answered from an index, never by scanning a table", arguments: ReadQueries.all.map(\.name))
    func indexed(name: String) throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<200), origin: .network)
        try store.writer.write { db in try db.execute(sql: "ANALYZE") }
        let sql = try #require(ReadQueries.all.first { $0.name == name }?.sql)
        let steps = try Self.plan(of: sql, in: store)
        #expect(!steps.isEmpty)
        #expect(steps.allSatisfy { !$0.hasPrefix("SCAN") }, "\(name): \(steps)")
        #expect(steps.allSatisfy { !$0.contains("TEMP B-TREE") }, "\(name): \(steps)")
    }

    @Test(
        "A search within a feed walks the index's matches newest first and checks each against the feed's list",
        arguments: [Feed.topStories(.world), .saved])
    func scopedSearchPlan(feed: Feed) throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<200), origin: .network)
        let sql = ArticleSearch.matches(
            table: "articleFTS", weights: "8.0, 3.0, 2.0, 1.0", cjkFilter: false, feed: feed, oldestFirst: false)
        let steps = try store.writer.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + sql,
                arguments: feed == .saved ? ["word", 10] : ["word", feed.key, 10]
            ).map { try $0["detail"] as String }
        }
        // FTS5 names its constraints after the index number: `=` is one on rowid, looked up member by member.
        let scan = try #require(steps.first { $0.hasPrefix("SCAN articleFTS VIRTUAL TABLE INDEX") }, "\(steps)")
        #expect(!scan.split(separator: ":").last!.contains("="), "\(steps)")
        #expect(steps.allSatisfy { !$0.contains("TEMP B-TREE") }, "\(steps)")
    }

    @Test(
        "A search's index read oldest first has the plan of one read newest first, but for FTS5's descending bit",
        arguments: [(false, nil), (true, nil), (false, Feed.topStories(.world)), (true, .saved)] as [(Bool, Feed?)])
    func oldestFirstPlan(cjkFilter: Bool, feed: Feed?) throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(.topStories(.world), 0..<200), origin: .network)
        let plans = try [false, true].map { oldestFirst in
            let sql = ArticleSearch.matches(
                table: "articleFTS", weights: "8.0, 3.0, 2.0, 1.0", cjkFilter: cjkFilter, feed: feed, oldestFirst: oldestFirst)
            return try Self.plan(of: sql, in: store).map(Self.withoutDescendingBit)
        }
        #expect(plans[0] == plans[1])
        // Without the CJK filter (a constraint on rowid, whose matches are sorted), FTS5 gives the order.
        if !cjkFilter { #expect(plans[1].allSatisfy { !$0.contains("TEMP B-TREE") }, "\(plans[1])") }
    }

    /// A plan's step with the index number FTS5 chose (`SCAN articleFTS VIRTUAL TABLE INDEX 192:M4`) less
    /// its bit for rowids in descending order (128).
    static func withoutDescendingBit(_ step: String) -> String {
        let marker = "VIRTUAL TABLE INDEX "
        guard let range = step.range(of: marker) else { return step }
        let digits = step[range.upperBound...].prefix { $0.isNumber }
        guard let number = Int(digits) else { return step }
        return step[..<range.upperBound] + String(number & ~128) + step[digits.endIndex...]
    }

    @Test("The feed window walks the (feed, rank) key and reads articles by id")
    func feedWindowPlan() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let steps = try Self.plan(of: ReadQueries.feedWindow, in: store)
        #expect(steps.contains { $0.hasPrefix("SEARCH fi USING PRIMARY KEY (feedId=? AND rank>? AND rank<?)") })
        #expect(steps.contains { $0.hasPrefix("SEARCH a USING INTEGER PRIMARY KEY (rowid=?)") })
    }
}
