import ArgumentParser
import ArticleStore
import FoundationEssentials
import Glibc
import NewsCore
import ReaderService
import TerminalPictures
import TerminalUI

/// `nytreader show URI|URL`: one cached article in full, without touching the network.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one cached article in full.",
        discussion: """
            Names the article by its NYT uri (as 'list --json' prints it) or its web address. Reads the \
            cache only; exit status 1 when the article is not cached. With --image, its photo is printed \
            above it (on a terminal, as the reader's images setting draws it): from the image cache, else \
            from the NYT's image host unless --offline.

            Examples:
              nytreader show nyt://article/6c6e2a4a-0b8d-5f2f-9a3e-2f0e1d3c4b5a
              nytreader show https://www.nytimes.com/2026/11/19/us/story.html --json
              nytreader show nyt://article/6c6e2a4a-0b8d-5f2f-9a3e-2f0e1d3c4b5a --image

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("The article's uri (nyt://...) or web address.", valueName: "uri-or-url"))
    var reference: String

    @Flag(name: .long, help: "Print a JSON object instead of lines.")
    var json = false

    @Flag(name: .long, help: "Print the article's photo above it (on a terminal).")
    var image = false

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
            if image, !json { await printPhoto(of: entry.article, environment: environment) }
            if json {
                Terminal.print(try listing.json(for: entry))
            } else {
                let lines = listing.detail(for: entry, dates: ArticleDateFormat(timeZone: nil))
                Self.wrapped(lines, keeping: entry.article.url.terminalSafe, columns: Terminal.columns(of: STDOUT_FILENO))
                    .forEach(Terminal.print)
            }
        }
    }

    /// `lines` wrapped at word boundaries to a terminal `columns` wide (the terminal would break words
    /// anywhere), as they are for a file or a pipe; the web address `kept` stays on one line, to be copied
    /// or opened whole.
    static func wrapped(_ lines: [String], keeping kept: String, columns: Int?) -> [String] {
        guard let columns else { return lines }
        return lines.flatMap { line in
            line.isEmpty || line == kept ? [line] : WordWrap.lines(line, width: columns)
        }
    }

    /// Prints the article's photo, or one line on stderr saying why there is none to print.
    private func printPhoto(of article: Article, environment: Environment) async {
        guard let photo = article.photo else {
            Terminal.printError("this article has no photo.")
            return
        }
        guard isatty(STDOUT_FILENO) == 1, let window = try? TerminalWindowSize.read(descriptor: STDOUT_FILENO) else {
            Terminal.printError("--image prints the photo to a terminal only.")
            return
        }
        let variables = ProcessInfo.processInfo.environment
        guard let options = PictureSetup.options(settings: environment.settings, environment: variables) else {
            Terminal.printError("pictures are off (images = \"off\", or NO_COLOR); 'nytreader config' shows which.")
            return
        }
        let colors = PhotoPrinter.symbolColors(environment: variables, colorCount: TerminalColors.terminfoCount)
        guard let symbolColors = colors ?? (options.graphicsProtocol == .symbols ? nil : .truecolor) else {
            Terminal.printError(
                "this terminal has fewer than 8 colors (TERM=\((variables["TERM"] ?? "").terminalSafe)), too few for a photo in symbols.")
            return
        }
        let printer = PhotoPrinter(
            options: options, window: window, symbolColors: symbolColors, photos: environment.photoService(options: common))
        _ = try? SystemCall.writeAll(await printer.output(for: photo), to: STDOUT_FILENO)
    }
}
