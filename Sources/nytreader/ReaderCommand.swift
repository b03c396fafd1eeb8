import ArgumentParser
import Foundation
import NewsCore
import ReaderViewModel
import TerminalUI

/// `nytreader` with no subcommand: the full-screen reader.
struct ReaderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Open the reader (the default).",
        discussion: """
            Keys: ↑/↓ or j/k move · PgUp/PgDn · g/G first/last · Enter/→ detail · ←/Esc back · \
            Tab switch pane · r refresh · q quit.
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: ArgumentHelp("Top Stories section to open.", valueName: "section"))
    var section: String = "home"

    func validate() throws {
        guard Section(validating: section) != nil else {
            throw ValidationError("Unknown section '\(section)'. Run 'nytreader sections' to list them.")
        }
    }

    func run() throws {
        guard TerminalApp.hasTerminal else {
            FileHandle.standardError.write(Data("nytreader: the reader needs a terminal; for plain output use 'nytreader list'.\n".utf8))
            throw ExitCode(2)
        }
        let environment = try Environment(options: common)
        let feed = Feed.topStories(Section(validating: section) ?? .home)
        let wakePipe = try WakePipe()
        let controller = ReaderController(
            viewModel: ReaderViewModel(feed: feed),
            service: environment.service,
            wake: { [wakePipe] in wakePipe.wake() }
        )
        let colors = ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        try TerminalApp(controller: controller, wakePipe: wakePipe, colors: colors).run()
    }
}
