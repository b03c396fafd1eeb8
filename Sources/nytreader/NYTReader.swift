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
            To refresh, set NYT_API_KEY, or put the key alone in ~/.config/nytreader/api-key (chmod 600), \
            or name a key file with --api-key-file. The key is never a command-line value.

            Files (XDG base directories; directories 0700, files 0600):
              ~/.config/nytreader/config.toml        settings (nytreader config --help)
              ~/.config/nytreader/api-key            the API key
              ~/.local/share/nytreader/cache.sqlite  the cache (--db for another)
              ~/.local/state/nytreader/nytreader.log the log (1 MB, one older kept)

            Examples:
              nytreader                         open the reader on the Home Page
              nytreader --section world         open the World section
              nytreader refresh --all-sections  fill the cache from a script
              nytreader list --section world --limit 5
              nytreader config                  the settings and their sources
              nytreader --generate-completion-script bash > nytreader.bash

            Data provided by The New York Times.
            """,
        version: ProgramVersion.current,
        subcommands: [
            ReaderCommand.self, RefreshCommand.self, ListCommand.self, SearchCommand.self, ShowCommand.self, SectionsCommand.self,
            ConfigCommand.self,
        ],
        defaultSubcommand: ReaderCommand.self
    )
}
