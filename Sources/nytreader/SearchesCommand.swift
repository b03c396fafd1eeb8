import ArgumentParser
import ArticleStore
import FoundationEssentials
import NewsCore
import ReaderService

/// `nytreader searches`: the Article Searches kept in the cache, the most recently refreshed first.
struct SearchesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "searches",
        abstract: "List the searches kept in the cache.",
        discussion: """
            Every Article Search made from the reader (f) or with --query, the most recently \
            refreshed first: its words, dates and order, the articles cached, the matches the \
            NYT reported and the cache's age. Reads the cache only. 'nytreader list --query WORDS' \
            (with the same --from, --to, --sort) prints one; d in the reader's section list forgets one.

            Examples:
              nytreader searches
              nytreader searches --json | jq -r '.[].query'

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CommonOptions

    @Flag(name: .long, help: "Print a JSON array instead of lines.")
    var json = false

    func run() async throws {
        try await Terminal.reportingFailures {
            let environment = try await Environment(options: common, access: .readOnlyWhenReady)
            let searches = try await environment.service.searchFeeds()
            if json {
                Terminal.print(try Self.json(searches))
            } else if searches.isEmpty {
                Terminal.printError("No searches cached yet. Press f in the reader, or run 'nytreader refresh --query WORDS'.")
            } else {
                let now = Date()
                searches.map { Self.line($0, now: now) }.forEach(Terminal.print)
            }
        }
    }

    /// `Search “climate” · 1 Jan – 31 Jan 2024 · 30 of 2,314 · cached 3 h ago`.
    static func line(_ status: FeedStatus, now: Date) -> String {
        var parts = [status.feed.title.terminalSafe]
        if let hits = status.totalHits {
            parts.append("\(GroupedCount(status.count)) of \(GroupedCount(hits))")
        } else {
            parts.append("\(GroupedCount(status.count)) cached")
        }
        if let refreshed = status.lastRefreshedDate {
            parts.append("cached " + RelativeTime.phrase(from: refreshed, to: now))
        }
        return parts.joined(separator: " · ")
    }

    private static func json(_ searches: [FeedStatus]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(searches.compactMap(SearchJSON.init)), as: UTF8.self)
    }
}

/// One search in `--json` output; its words pass through `terminalSafe` as every other output does.
private struct SearchJSON: Encodable {
    let query: String
    let from: String?
    let to: String?
    let sort: String
    let cached: Int
    let hits: Int?
    let refreshed: Date?

    init?(_ status: FeedStatus) {
        guard case .search(let search) = status.feed else { return nil }
        query = search.text.terminalSafe
        from = search.beginDate
        to = search.endDate
        sort = search.sort.rawValue
        cached = status.count
        hits = status.totalHits
        refreshed = status.lastRefreshedDate
    }
}
