import ArgumentParser
import ArticleStore
import FoundationEssentials
import NewsCore
import ReaderConfig
import ReaderService
import TerminalUI

/// `nytreader list`: print a cached feed, in rank order, without touching the network.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print a cached feed in rank order.",
        discussion: """
            Reads the cache only; run 'nytreader refresh' first to update it.

            Examples:
              nytreader list --section world --limit 10
              nytreader list --feed popular:viewed:1 --unread
              nytreader list --saved --json
              nytreader list --query "climate" --from 2024-01-01 --to 2024-01-31

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CacheOptions
    @OptionGroup var feedOptions: FeedOptions

    @Flag(name: .long, help: "The saved articles instead of a feed.")
    var saved = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Print at most this many articles.", valueName: "n"))
    var limit: Int = 50

    @Flag(name: .long, help: "Only the unread articles.")
    var unread = false

    @Flag(name: .long, help: "Print a JSON array instead of lines.")
    var json = false

    func validate() throws {
        if saved && feedOptions.isSet {
            throw ValidationError("--saved cannot be combined with another feed option.")
        }
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        try await Terminal.reportingFailures {
            let environment = try await Environment(options: common, access: .readOnlyWhenReady)
            let feed = saved ? Feed.saved : feedOptions.feed()
            let entries = try await environment.service.entries(in: feed, range: 0..<limit, filter: FeedFilter(unreadOnly: unread))
            let listing = ArticleListing()
            if json {
                Terminal.print(try listing.json(for: entries))
            } else if entries.isEmpty, unread, try await environment.service.status(of: feed).count > 0 {
                Terminal.printError("\(feed.title): no unread articles.")
            } else if entries.isEmpty {
                let saveKey = KeyMap(overrides: environment.settings.keys).keys(for: .toggleSaved).first?.label ?? "b"
                Terminal.printError(
                    try await Self.nothingCached(in: feed, saveKey: saveKey, database: common.db, service: environment.service))
            } else {
                listing.lines(for: entries).forEach(Terminal.print)
            }
        }
    }

    /// What to say when `feed` has nothing cached: how to fill it (the command, or for the saved articles
    /// the reader's key, `saveKey`), and for a search, the searches for the same words cached with other
    /// dates or another order, as the `list` commands that print them.
    /// The commands it suggests name the cache `database` (`--db`) when one was given: pasted, they act on it.
    static func nothingCached(in feed: Feed, saveKey: String, database: String?, service: ReaderService) async throws -> [String] {
        func command(_ name: String, _ feed: Feed) -> String { Self.command(name, feed, database: database) }
        switch feed {
        case .saved:
            return ["No saved articles yet: press \(saveKey) on an article in the reader to save it."]
        case .archive(let month):
            return ["\(month.title): not imported. To import it: \(command("archive", feed))"]
        case .search(let query):
            let words = query.text.lowercased()
            let variants = try await service.searchFeeds().compactMap { status -> Feed? in
                guard case .search(let other) = status.feed, other.text.lowercased() == words, status.count > 0 else { return nil }
                return status.feed
            }
            let refresh = "To fetch it: \(command("refresh", feed))"
            guard !variants.isEmpty else { return ["\(feed.title): nothing cached. \(refresh)"] }
            // Words told apart by case alone are one search to the cache's lookup, not to the feed's name.
            return ["\(feed.title): nothing cached for exactly these words, dates and order. \(refresh)", "Cached with others:"]
                + variants.map { "  " + command("list", $0) }
        default:
            return ["\(feed.title): nothing cached. To fetch it: \(command("refresh", feed))"]
        }
    }

    /// `nytreader refresh --section world`; `nytreader archive 2024-03` for a month; `--db PATH` after it
    /// when `database` is given.
    private static func command(_ name: String, _ feed: Feed, database: String?) -> String {
        let cache = database.map { ["--db", $0] } ?? []
        if name == "archive", case .archive(let month) = feed {
            return FeedArguments.commandLine(["nytreader", "archive", month.description] + cache)
        }
        return FeedArguments.commandLine(["nytreader", name] + FeedArguments.arguments(for: feed) + cache)
    }
}
