import ArgumentParser
import NewsCore

/// `nytreader sections`: the Top Stories sections.
struct SectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sections",
        abstract: "List the Top Stories sections.",
        discussion: """
            Example:
              nytreader refresh --section $(nytreader sections | grep -m1 tech | cut -f1)

            Data provided by The New York Times.
            """
    )

    /// Accepted so scripts can pass the same options to every command; the list does not depend on them.
    @OptionGroup var common: CommonOptions

    func run() async throws {
        try await Terminal.reportingFailures {
            for section in Section.all {
                Terminal.print("\(section.rawValue)\t\(section.displayName)")
            }
        }
    }
}
