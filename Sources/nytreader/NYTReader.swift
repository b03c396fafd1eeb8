import ArgumentParser
import Glibc
import NewsCore

/// `nytreader`: a terminal reader for The New York Times.
@main
struct NYTReader: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nytreader",
        abstract: "A terminal reader for The New York Times, with an offline cache.",
        usage: """
            nytreader [<options>]
            nytreader <subcommand> [<options>]
            """,
        discussion: """
            With no API key or no network the reader shows the cache (a bundled snapshot on first run). \
            To refresh, set NYT_API_KEY, or put the key alone in ~/.config/nytreader/api-key (chmod 600), \
            or name a key file with --api-key-file. The key is never a command-line value.

            Files (XDG base directories; directories 0700, files 0600):
              ~/.config/nytreader/config.toml        settings (nytreader config --help)
              ~/.config/nytreader/api-key            the API key
              ~/.local/share/nytreader/cache.sqlite  the cache (--db for another)
              ~/.local/state/nytreader/nytreader.log the log (1 MB, one older kept)
              ~/.cache/nytreader/images              photos kept (image_cache_mb)

            Environment:
              NYT_API_KEY          the API key (never printed, logged or stored)
              NO_COLOR             no colors (unless colors = true in the config)
              TERM                 the terminal; dumb gets one line pointing to list
              BROWSER              the program o starts (else xdg-open)
              XDG_*_HOME           where the files go (CONFIG, DATA, STATE, CACHE)
              NYTREADER_IMAGES     the images setting for one run (auto, symbols, off, ...)
              NYTREADER_KEY_TRACE  a file for key-to-screen times (benchmarks)

            Exit status:
              0   done
              1   show: the article is not cached; another failure said in words
              2   the reader was started without a terminal
              64  bad arguments
              69  the NYT or the network failed, or sent something unreadable
              72  libcurl or the CA certificates are missing (libcurl4, ca-certificates)
              74  the cache could not be opened or written (or is busy), or
                  the output could not be written (a full disk, a closed stdout)
              75  rate limited: try again later
              76  the NYT's answer was cut short, or redirected in a loop
              77  the API key is missing or was rejected
              78  the NYT's certificate could not be verified

            Examples:
              nytreader                         open the reader on the Home Page
              nytreader --section world         open the World section
              nytreader refresh --all-sections  fill the cache from a script
              nytreader list --section world --limit 5
              nytreader show nyt://article/...  one cached article in full
              nytreader config                  the settings and their sources
              nytreader --generate-completion-script bash > nytreader.bash

            Data provided by The New York Times.
            """,
        version: ProgramVersion.current,
        subcommands: [
            ReaderCommand.self, RefreshCommand.self, ListCommand.self, SearchCommand.self, SearchesCommand.self, ShowCommand.self,
            ArchiveCommand.self, TrendCommand.self, SectionsCommand.self,
            ConfigCommand.self,
        ],
        defaultSubcommand: ReaderCommand.self
    )

    static func main() async {
        _ = Terminal.closedAtStart
        MallocArenas.shareOne()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = UnknownCommand.message(for: arguments) {
            Terminal.printError(unknown)
            Terminal.exit(status: ExitStatus.usage)
        }
        if ProgramHelp.asksForOverview(arguments) {
            Terminal.write(ProgramHelp.overview(), to: STDOUT_FILENO)
            Terminal.exit(status: EXIT_SUCCESS)
        }
        do {
            var command: ParsableCommand
            if let parsed = parsedAsOneCommand(arguments) {
                command = parsed
            } else {
                command = try await asyncParseAsRoot(arguments)
            }
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }

    /// The command `arguments` name, parsed as that command alone when they parse without a failure: a
    /// subcommand's name and its options, or the reader's options (the default command). That leaves out
    /// the root's own parse, about 6 M instructions (2 ms) of every start. Nil for anything else (help, the
    /// version, a completion, any error), which the whole parser words as the root command does, and for a
    /// shell's completion request, whose answers run the cache's queries.
    private static func parsedAsOneCommand(_ arguments: [String]) -> ParsableCommand? {
        guard arguments.first != "---completion" else { return nil }
        let named = arguments.first.flatMap(subcommand(named:))
        let command = named ?? ReaderCommand.self
        // A help request parses too, as the parser's own help command: it is not this command.
        guard let parsed = try? command.parseAsRoot(Array(arguments.dropFirst(named == nil ? 0 : 1))),
            type(of: parsed) == command
        else { return nil }
        return parsed
    }

    /// The subcommand named `name`, if any. The reader's, whose configuration lists the keys (about 1 M
    /// instructions), is looked at last: the other commands' starts do without it.
    static func subcommand(named name: String) -> ParsableCommand.Type? {
        configuration.subcommands.reversed().first { $0.configuration.commandName == name }
    }

    /// Ends the program as swift-argument-parser's `exit(withError:)` does (help, the version and a
    /// completion script on stdout, a usage error on stderr, each with its status), except that the text
    /// goes through `Terminal.write`: help that a full disk or a closed stdout lost is exit 74, not 0; and
    /// the bash script is `BashCompletion.patched`.
    private static func exit(reporting error: Error) -> Never {
        let status = exitCode(for: error)
        var text = fullMessage(for: error)
        if status.isSuccess, BashCompletion.isScript(text) { text = BashCompletion.patched(text) }
        if !text.isEmpty {
            Terminal.write(text + "\n", to: status.isSuccess ? STDOUT_FILENO : STDERR_FILENO)
        }
        Terminal.exit(status: status.rawValue)
    }
}
