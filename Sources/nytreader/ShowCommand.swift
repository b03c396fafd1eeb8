import ArgumentParser
import ArticleStore
import FoundationEssentials
import NewsCore
import ReaderService
import TerminalUI

/// `nytreader show URI|URL`: one cached article in full, without touching the network.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one cached article in full.",
        discussion: """
            Names the article by its NYT uri (as 'list --json' prints it) or its web address. Reads the \
            cache only; exit status 1 when the article is not cached.

            Examples:
              nytreader show nyt://article/6c6e2a4a-0b8d-5f2f-9a3e-2f0e1d3c4b5a
              nytreader show https://www.nytimes.com/2026/11/19/us/story.html --json

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The article's uri (nyt://…) or web address.", valueName: "uri-or-url"))
    var reference: String

    @Flag(name: .long, help: "Print a JSON object instead of lines.")
    var json = false

    func validate() throws {
        guard !reference.trimmed().isEmpty else {
            throw ValidationError("Name an article by its uri or web address.")
        }
    }

    func run() async throws {
        try await Terminal.reportingFailures {
            let environment = try await Environment(options: common, access: .readOnlyWhenReady)
            guard let entry = try await environment.service.entry(matching: reference) else {
                Terminal.printError("No cached article is \(reference.prefix(200)). 'nytreader list --json' shows the uris.")
                throw ExitCode.failure
            }
            let listing = ArticleListing()
            if json {
                Terminal.print(try listing.json(for: entry))
            } else {
                listing.detail(for: entry, dates: ArticleDateFormat(timeZone: nil)).forEach(Terminal.print)
            }
        }
    }
}
