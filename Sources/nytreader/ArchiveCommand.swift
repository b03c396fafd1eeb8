import ArgumentParser
import ArticleStore
import FoundationEssentials
import NYTAPI
import NewsCore
import ReaderService

/// `nytreader archive`: whole months of the NYT's archive into the cache, to read and search offline.
struct ArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Import whole months of the NYT's archive into the cache.",
        discussion: """
            Each month is one request to the Archive API (thousands of articles, 20 to 30 MB), streamed \
            and set aside a batch at a time, then written in one go, in publication order. Months are \
            imported oldest first, 12 s apart (the NYT allows 5 requests a minute and 500 a day); months \
            imported whole before are skipped without a request (--force imports them again). A month \
            counts as imported only once it is written whole: interrupted, the next run imports that \
            month again, never an article twice. Rate limited, it stops and says when to come back \
            (exit 75); run the same command again to go on. Of each article the cache keeps the headline, kicker, byline, date, section, \
            web address and one paragraph: the lead paragraph, or the abstract when there is none. \
            Archived articles are never pruned; the reader lists the months under Archive in s, and / \
            searches them with the rest.

            On a terminal, stderr shows the progress; stdout gets one line per month.

            Examples:
              nytreader archive 2024-03
              nytreader archive 2019-01..2024-12
              nytreader archive 2024
              nytreader archive --status
              nytreader archive --forget 2019-01..2019-12
              nytreader archive --compact

            Data provided by The New York Times.
            """
    )

    @OptionGroup var common: CommonOptions

    @Argument(help: ArgumentHelp("Months to import: 2024-03, 2024, or a range like 2019-01..2024-12.", valueName: "months"))
    var ranges: [String] = []

    @Flag(name: .long, help: "Import the months again even when they were imported whole.")
    var force = false

    @Flag(name: .long, help: "List the months imported, their articles and bytes, and the cache's size.")
    var status = false

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp("Forget these months and their articles (saved ones are kept).", valueName: "months"),
        completion: CacheCompletion.archiveMonths)
    var forget: [String] = []

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Make the cache as small as its articles allow: pack the text of articles cached by older versions, and give the free pages back to the disk. Archive indexes made by older versions get the list of their words and the sets of articles of their common words, which speed up searches.",
            discussion:
                "The whole file is written again: it takes a while, as much free disk again as the articles take, and holds back other nytreaders' writes until it ends."
        ))
    var compact = false

    @Option(name: .long, help: .hidden)
    var requestSpacing: Double = 12

    /// The latest month the archive can have: this one (UTC).
    static var latestMonth: ArchiveMonth { .current }

    func validate() throws {
        let modes = [!ranges.isEmpty, status, !forget.isEmpty, compact].filter { $0 }.count
        guard modes == 1 else {
            throw ValidationError("Give months to import, --status, --forget MONTHS, or --compact (one of them).")
        }
        if force && ranges.isEmpty { throw ValidationError("--force goes with months to import.") }
        _ = try Self.months(ranges + forget)
        if common.offline, !ranges.isEmpty { throw ValidationError("--offline cannot be used to import months.") }
        guard requestSpacing.isFinite, (0...3_600).contains(requestSpacing) else {
            throw ValidationError("--request-spacing must be a number of seconds from 0 to 3600.")
        }
    }

    /// The months `texts` name, each once, oldest first.
    static func months(_ texts: [String]) throws -> [ArchiveMonth] {
        let latest = latestMonth
        var months = Set<ArchiveMonth>()
        for text in texts {
            guard let named = ArchiveMonth.months(text, latest: latest) else {
                if let forwards = reversed(text, latest: latest) {
                    throw ValidationError("'\(text.terminalSafe)' runs backwards: the earlier month goes first, as in \(forwards).")
                }
                throw ValidationError(
                    "'\(text.terminalSafe.prefix(40))' is not a month like 2024-03, a year like 2024, or a range like 2019-01..2024-12 (from 1851-01 to \(latest))."
                )
            }
            months.formUnion(named)
        }
        return months.sorted()
    }

    /// `2024-01..2024-03` for `2024-03..2024-01`: the range `text` names the other way round, when its two
    /// ends are months or years of the archive and the first comes after the second.
    static func reversed(_ text: String, latest: ArchiveMonth) -> String? {
        let ends = text.split(separator: "..", omittingEmptySubsequences: false).map(String.init)
        guard ends.count == 2, let start = ArchiveMonth.months(ends[0], latest: latest)?.first,
            let end = ArchiveMonth.months(ends[1], latest: latest)?.last, start > end
        else { return nil }
        return "\(ends[1])..\(ends[0])"
    }

    func run() async throws {
        let imports = !ranges.isEmpty
        // libcurl loads on another core while the cache opens.
        if imports { CurlLibrary.startLoading() }
        defer { CurlLibrary.finishLoading() }
        try await Terminal.reportingFailures {
            let spacing = Duration.milliseconds(Int(requestSpacing * 1000))
            // The status only reads: a cache that cannot be written (a read-only file system) still answers.
            let environment = try await Environment(
                options: common, policy: RefreshPolicy(requestSpacing: spacing), access: status ? .readOnlyWhenReady : .readWrite,
                importsSnapshot: !status && !compact)
            let service = environment.service
            if status {
                try await ArchiveReport.lines(service).forEach(Terminal.print)
            } else if compact {
                let progress = CompactionProgressLine()
                let compaction = try await service.compactCache(progress: { progress.show($0) })
                progress.end()
                Terminal.print(ArchiveReport.compacted(compaction))
            } else if !forget.isEmpty {
                let months = try Self.months(forget)
                let imported = Set(try await service.archiveMonths().map(\.month))
                // A month whose import was cut short holds what it had written: it is forgotten too, and said.
                var cutShort = 0
                for month in months where !imported.contains(month) {
                    if try await service.status(of: .archive(month)).count > 0 { cutShort += 1 }
                }
                let removed = try await service.forget(months)
                await service.checkpointCache()
                let whole = months.filter(imported.contains).count
                let forgotten = [
                    whole > 0 || cutShort == 0 ? "\(Counted(whole, "month"))" : nil,
                    cutShort > 0 ? "\(Counted(cutShort, "month")) imported in part" : nil,
                ].compactMap { $0 }.joined(separator: " and ")
                Terminal.print(
                    "Forgot \(forgotten): \(Counted(removed, "article")) removed (saved ones and those in other feeds kept).")
            } else {
                let status = try await importMonths(try Self.months(ranges), service: service)
                await service.checkpointCache()
                if status != ExitStatus.ok { throw ExitCode(status) }
            }
        }
    }

    /// Imports `months` in order (each request waits for its turn under the rate limit, `spacing` after the
    /// last request to the Archive API); returns the exit status.
    private func importMonths(_ months: [ArchiveMonth], service: ReaderService) async throws -> Int32 {
        var toImport: [ArchiveMonth] = []
        for month in months {
            if force {
                toImport.append(month)
            } else if try await !service.isComplete(month) {
                toImport.append(month)
            }
        }
        for month in months where !toImport.contains(month) {
            Terminal.print("\(month): already imported (--force imports it again)")
        }
        let progress = ArchiveProgressLine(months: toImport.count)
        var status = ExitStatus.ok
        var failed: [ArchiveMonth] = []
        var written: [ArchiveMonth] = []
        var stopped = false
        imports: for (index, month) in toImport.enumerated() {
            let started = ContinuousClock.now
            progress.begin(month, index: index)
            // Not forced, the month is looked at again after its turn: another nytreader may have imported it.
            let imported = await service.importArchiveMonth(
                month, force: force,
                waitsForOther: { Terminal.printError("\(month): another nytreader is importing it; waiting for it to end.") },
                progress: { progress.update($0) })
            progress.end()
            switch imported.outcome {
            case .refreshed where imported.summary == nil:
                Terminal.print("\(month): already imported, by another nytreader meanwhile (--force imports it again)")
            case .refreshed(let changes, _):
                written.append(month)
                Terminal.print(ArchiveReport.imported(month, changes, imported.summary, seconds: (ContinuousClock.now - started).seconds))
            case .failed(let failure, _):
                let reason = ArchiveReport.whyNotImported(failure, imported.summary)
                status = max(status, ExitStatus.forFailure(failure))
                guard failure.stopsFurtherRequests else {
                    // The next month may well come: this one is said now, and every one left out at the end.
                    Terminal.printError("\(month): \(reason).")
                    failed.append(month)
                    continue
                }
                let left = failed.count + toImport.count - index
                // Running again helps once the wait is over or the network is back; a key, a certificate or
                // libcurl has to be seen to first, as the reason says.
                let again: String
                switch failure {
                case .rateLimited, .offline, .cache: again = "; run the same command again to go on"
                default: again = ""
                }
                Terminal.printError("\(month): \(reason). \(Counted(left, "month")) not imported\(again).")
                stopped = true
                break imports
            }
        }
        // However the imports ended, the indexes they wrote into are given back their sets of common words.
        if !written.isEmpty { await indexCommonWords(of: written, service: service) }
        if stopped { return status }
        if !failed.isEmpty {
            Terminal.printError(
                "\(failed.count) of \(Counted(toImport.count, "month")) not imported (\(Self.listed(failed))); "
                    + "run the same command again to import \(failed.count == 1 ? "it" : "them").")
        }
        return status
    }

    /// Makes the sets of articles per common word of the indexes `months` were written into (1.6 s for a
    /// year of the whole NYT), with a progress line on a terminal. A failure leaves the indexes
    /// searched by FTS5 alone, as before, and is said on stderr; `archive --compact` makes them later.
    private func indexCommonWords(of months: [ArchiveMonth], service: ReaderService) async {
        let progress = CompactionProgressLine()
        do {
            _ = try await service.indexCommonWords(of: months) { progress.show(.makingWordSets($0)) }
            progress.end()
        } catch {
            progress.end()
            Terminal.printError("The archive's indexes could not be given their common words: \(error).")
        }
    }

    /// `months` for a sentence: each of the first few, then how many more.
    static func listed(_ months: [ArchiveMonth]) -> String {
        let shown = months.prefix(4).map(\.description).joined(separator: ", ")
        return months.count > 4 ? "\(shown) and \(months.count - 4) more" : shown
    }
}
