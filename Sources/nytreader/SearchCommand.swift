import ArgumentParser
import ArticleStore
import FoundationEssentials
import NewsCore
import ReaderService

/// `nytreader search TEXT`: full-text search of the cache.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the cached articles.",
        discussion: """
            Matches every word, ignoring case and accents, in titles, abstracts, lead paragraphs and bylines \
            of everything cached (of an archived article, the one paragraph the archive keeps): the last word by prefix when it has three letters or more and no space \
            follows it (elec finds election), the others whole; when that finds nothing, every word by \
            prefix. Best matches first.

            Examples:
              nytreader search elec
              nytreader search "cafe culture" --json

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CacheOptions

    @Argument(help: "Words to look for.")
    var text: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Print at most this many articles.", valueName: "n"))
    var limit: Int = 20

    @Flag(name: .long, help: "Print a JSON array instead of lines.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit must be at least 1.") }
        guard !text.trimmed().isEmpty else { throw ValidationError("Give some words to look for.") }
    }

    func run() async throws {
        try await Terminal.reportingFailures {
            let environment = try await Environment(options: common, access: .readOnlyWhenReady)
            let hits = try await environment.service.search(text, in: nil, limit: limit)
            let listing = ArticleListing()
            if json {
                Terminal.print(try listing.json(for: hits.map(\.entry), snippets: hits.map(\.snippet)))
            } else if hits.isEmpty {
                Terminal.printError("No cached article matches '\(text)'.")
            } else {
                listing.lines(for: hits.map(\.entry)).forEach(Terminal.print)
            }
        }
    }
}
