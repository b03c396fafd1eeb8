import ArgumentParser
import FoundationEssentials
import Logging
import NYTAPI
import NewsCore
import ReaderConfig
import ReaderService
import ReaderViewModel

/// `nytreader refresh`: fetch feeds from the NYT into the cache, one summary line each.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch feeds from the NYT into the cache (the followed ones when none is named).",
        discussion: """
            Without a feed option it refreshes the feeds listed in 'feeds' in the config file (default: \
            home), the line for cron. Prints one line per feed, e.g. 'world: 37 articles, 5 new, 2 updated'.
            Every request to one NYT API waits 12 s after the last one any nytreader sent to it (the \
            NYT allows 5 a minute), and says so on stderr ('waiting 11 s for the NYT's rate limit'); \
            with --no-wait a refresh that would wait for another process exits with status 75 instead.
            Exit status: 0 ok, 64 bad arguments, 69 network, server or format failure, 72 libcurl or CA \
            certificates missing, 74 the cache could not be opened or written, 75 rate limited, 76 answer cut \
            short or redirect loop, 77 API key missing or rejected, 78 certificate not verified.

            Examples:
              nytreader refresh                  the followed feeds (feeds in the config)
              nytreader refresh --section world
              nytreader refresh --feed popular:viewed:1
              nytreader refresh --query "election" --from 2024-01-01 --to 2024-01-31
              nytreader refresh --query "climate change" --pages 3
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

    @Flag(name: .long, help: "Exit with status 75 instead of waiting for another nytreader's requests (the rate limit).")
    var noWait = false

    @Option(name: .long, help: .hidden)
    var requestSpacing: Double = 12

    func validate() throws {
        if allSections && feedOptions.isSet {
            throw ValidationError("--all-sections cannot be combined with another feed option.")
        }
        if feedOptions.isSet, case let feed = feedOptions.feed(), !feed.isRefreshable {
            if case .archive = feed {
                throw ValidationError("An archive month is imported with 'nytreader archive \(feed.key.dropFirst("archive:".count))'.")
            }
            let what = feed == .saved ? "Saved articles live" : "\(feed.title) lives"
            throw ValidationError("\(what) in the cache; there is nothing to refresh.")
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
            let policy = RefreshPolicy(
                searchPages: pages, requestSpacing: .milliseconds(Int(requestSpacing * 1000)), waitsForOthers: !noWait
            )
            // The bundled snapshot stands in for an empty cache: a refresh that stores articles makes it
            // needless, one that fails leaves it (and says how many articles the cache keeps).
            let environment = try await Environment(
                options: common, policy: policy, importsSnapshot: false,
                onRequestWait: { _, wait, longer in
                    // A second wait for one request: another process's request outlasted the first.
                    Terminal.printError(
                        "waiting \(RelativeTime.duration(seconds: Int(wait.seconds.rounded(.up))))\(longer ? " more" : "") for the NYT's rate limit"
                    )
                }
            )
            let feeds: [Feed]
            if allSections {
                feeds = Section.all.map(Feed.topStories)
            } else if feedOptions.isSet {
                feeds = [feedOptions.feed()]
            } else {
                feeds = environment.settings.followedFeeds.value.filter(\.isRefreshable)
                if feeds.isEmpty { Terminal.printError("no feed to refresh: the config's feeds list names none the NYT serves.") }
            }
            var status = ExitStatus.ok
            var refreshed: [(feed: Feed, count: Int)] = []
            // Each request waits for its turn under the rate limit, shared with every nytreader using the cache.
            // A feed a failure leaves no chance (no key, offline, its API rate limited) is not asked for.
            var stops = RefreshStops()
            var skipped: [Feed] = []
            for feed in feeds {
                guard !stops.skips(feed) else {
                    skipped.append(feed)
                    continue
                }
                switch await environment.service.refresh(feed) {
                case .refreshed(let changes, let feedStatus):
                    Terminal.print(RefreshLog.summary(of: feed, changes))
                    refreshed.append((feed, feedStatus.count))
                case .failed(let failure, var cached):
                    // The refresh's failure is what is reported, whatever becomes of the snapshot.
                    if cached.count == 0, ((try? await environment.importSnapshotIfEmpty()) ?? 0) > 0,
                        let status = try? await environment.service.status(of: feed)
                    {
                        cached = status
                    }
                    Terminal.printError(
                        "\(RefreshLog.name(of: feed)): \(failure.message). The cache keeps \(Counted(cached.count, "article")).")
                    status = max(status, ExitStatus.forFailure(failure))
                    stops.note(failure, of: feed)
                }
            }
            if !skipped.isEmpty {
                let names = skipped.count <= 5 ? skipped.map(RefreshLog.name(of:)).joined(separator: ", ") : "\(skipped.count) feeds"
                Terminal.printError("not asked, as the same failure would stop them: \(names).")
            }
            await prefetchPhotos(of: refreshed, environment: environment)
            await environment.service.checkpointCache()
            if status != ExitStatus.ok { throw ExitCode(status) }
        }
    }

    /// With `prefetch_images = true`: the photos of the feeds refreshed, in the crop the reader shows on
    /// this terminal, within `image_cache_mb` and spaced; one line says how many came.
    private func prefetchPhotos(of feeds: [(feed: Feed, count: Int)], environment: Environment) async {
        let settings = environment.settings
        guard settings.prefetchImages.value, !feeds.isEmpty,
            let target = PictureSetup.prefetchTarget(settings: settings, environment: ProcessInfo.processInfo.environment)
        else { return }
        let photos = environment.photoService(options: common)
        var fetched = 0
        for (feed, count) in feeds {
            fetched += await PhotoPrefetch.run(feed, count: count, target: target, service: environment.service, photos: photos)
        }
        let full =
            await photos.hasRoomToFetchAhead()
            ? "" : " (the image cache is full at image_cache_mb = \(settings.imageCacheMegabytes.value): fetching ahead removes no photo)"
        Terminal.print("photos: \(fetched) fetched for offline reading\(full)")
    }
}
