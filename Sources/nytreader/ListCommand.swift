import ArgumentParser
import ArticleStore
import FoundationEssentials
import NewsCore
import ReaderService

/// `nytreader list`: print a cached feed, in rank order, without touching the network.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print a cached feed in rank order.",
        discussion: """
            Reads the cache only; run 'nytreader refresh' first to update it.

            Examples:
              nytreader list --section world --limit 10
              nytreader list --saved --json
              nytreader list --query "climate" --from 2024-01-01 --to 2024-01-31

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var feedOptions: FeedOptions

    @Flag(name: .long, help: "The saved articles instead of a feed.")
    var saved = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Print at most this many articles.", valueName: "n"))
    var limit: Int = 50

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
            let entries = try await environment.service.entries(in: feed, range: 0..<limit)
            let listing = ArticleListing()
            if json {
                Terminal.print(try listing.json(for: entries))
            } else if entries.isEmpty {
                Terminal.printError("\(feed.title): nothing cached. Run 'nytreader refresh' to fetch it.")
            } else {
                listing.lines(for: entries).forEach(Terminal.print)
            }
        }
    }
}
