import ArgumentParser
import NewsCore

/// `nytreader`: a terminal reader for The New York Times.
@main
struct NYTReader: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nytreader",
        abstract: "A terminal reader for The New York Times, with an offline cache.",
        discussion: """
            With no API key or no network the reader shows the cache (a bundled snapshot on first run). \
            Set NYT_API_KEY, or put the key in ~/.config/nytreader/api-key, to refresh.

            Data provided by The New York Times.
            """,
        version: ProgramVersion.current,
        subcommands: [ReaderCommand.self, RefreshCommand.self, ListCommand.self, SearchCommand.self, SectionsCommand.self],
        defaultSubcommand: ReaderCommand.self
    )
}
