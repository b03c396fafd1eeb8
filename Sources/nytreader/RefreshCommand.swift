import ArgumentParser
import FoundationEssentials
import Logging
import NYTAPI
import NewsCore
import ReaderService
import ReaderViewModel

/// `nytreader refresh`: fetch feeds from the NYT into the cache, one summary line each.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch a feed from the NYT into the cache.",
        discussion: """
            Prints one line per feed, e.g. 'world: 37 articles, 5 new, 2 updated'.
            Exit status: 0 ok, 64 bad arguments, 69 network, server or format failure, 72 libcurl or CA \
            certificates missing, 75 rate limited, 76 answer cut short or redirect loop, 77 API key missing or \
            rejected, 78 certificate not verified.

            Examples:
              nytreader refresh --section world
              nytreader refresh --query "election" --from 2024-01-01 --to 2024-01-31 --pages 3
              nytreader refresh --all-sections

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var feedOptions: FeedOptions

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("With --query: Article Search pages to fetch (10 articles each).", valueName: "n"))
    var pages: Int = 1

    @Flag(name: .long, help: "Every Top Stories section, one after another (about 12 s apart).")
    var allSections = false

    @Option(name: .long, help: .hidden)
    var requestSpacing: Double = 12

    func validate() throws {
        if allSections && feedOptions.isSet {
            throw ValidationError("--all-sections cannot be combined with another feed option.")
        }
        guard (1...100).contains(pages) else { throw ValidationError("--pages must be between 1 and 100.") }
        if pages > 1 && feedOptions.query == nil {
            throw ValidationError("--pages goes with --query.")
        }
        if common.offline {
            throw ValidationError("--offline cannot be used with refresh.")
        }
        guard requestSpacing.isFinite, (0...3_600).contains(requestSpacing) else {
            throw ValidationError("--request-spacing must be a number of seconds from 0 to 3600.")
        }
    }

    func run() async throws {
        // libcurl loads on another core while the cache opens.
        CurlLibrary.startLoading()
        defer { CurlLibrary.finishLoading() }
        try await Terminal.reportingFailures {
            let policy = RefreshPolicy(searchPages: pages, requestSpacing: .milliseconds(Int(requestSpacing * 1000)))
            // The bundled snapshot stands in for an empty cache: a refresh that stores articles makes it
            // needless, one that fails leaves it (and says how many articles the cache keeps).
            let environment = try await Environment(options: common, policy: policy, importsSnapshot: false)
            let feeds = allSections ? Section.all.map(Feed.topStories) : [feedOptions.feed()]
            var status = ExitStatus.ok
            feeds: for (index, feed) in feeds.enumerated() {
                if index > 0 {
                    try await Task.sleep(for: policy.requestSpacing)
                }
                switch await environment.service.refresh(feed) {
                case .refreshed(let changes, _):
                    Terminal.print(RefreshLog.summary(of: feed, changes))
                case .failed(let failure, var cached):
                    // The refresh's failure is what is reported, whatever becomes of the snapshot.
                    if cached.count == 0, ((try? await environment.importSnapshotIfEmpty()) ?? 0) > 0,
                        let status = try? await environment.service.status(of: feed)
                    {
                        cached = status
                    }
                    Terminal.printError("\(RefreshLog.name(of: feed)): \(failure.message). The cache keeps \(cached.count) articles.")
                    status = max(status, ExitStatus.forFailure(failure))
                    if failure.stopsFurtherRequests { break feeds }
                }
            }
            if status != ExitStatus.ok { throw ExitCode(status) }
        }
    }
}
