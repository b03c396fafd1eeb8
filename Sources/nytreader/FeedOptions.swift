import ArgumentParser
import FoundationEssentials
import NewsCore

/// `--feed`, `--section`, `--query`, `--from`, `--to`, `--sort`, `--popular`, `--period`: which NYT feed a
/// command is about.
struct FeedOptions: ParsableArguments {
    @Option(
        name: .customLong("feed"),
        help: ArgumentHelp(
            "A feed by the name the config's feeds list uses: a section, latest, saved, popular:KIND:DAYS, archive:YYYY-MM.",
            valueName: "name"
        ),
        completion: CacheCompletion.feeds
    )
    var feedName: String?

    @Option(
        name: .long, help: ArgumentHelp("A Top Stories section (see 'nytreader sections').", valueName: "section"),
        completion: .list(Section.all.map(\.rawValue)))
    var section: String?

    @Option(name: .long, help: ArgumentHelp("Article Search words.", valueName: "text"), completion: CacheCompletion.searches)
    var query: String?

    @Option(name: .long, help: ArgumentHelp("With --query: first publication day.", valueName: "YYYY-MM-DD"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("With --query: last publication day.", valueName: "YYYY-MM-DD"))
    var to: String?

    @Option(
        name: .long, help: ArgumentHelp("With --query: newest (the default), oldest or relevance.", valueName: "order"),
        completion: .list(SearchSort.allCases.map(\.rawValue)))
    var sort: String?

    @Option(
        name: .long, help: ArgumentHelp("A Most Popular list: viewed, emailed or shared.", valueName: "kind"),
        completion: .list(MostPopularKind.allCases.map(\.rawValue)))
    var popular: String?

    @Option(
        name: .long, help: ArgumentHelp("With --popular: the last 1, 7 or 30 days (default 7).", valueName: "days"),
        completion: .list(MostPopularPeriod.allCases.map { String($0.rawValue) }))
    var period: Int?

    @Flag(name: .long, help: "The Times Newswire: the newest articles across the NYT.")
    var latest = false

    @Option(
        name: .long, help: ArgumentHelp("An archive month imported with 'nytreader archive', in publication order.", valueName: "YYYY-MM"),
        completion: CacheCompletion.archiveMonths)
    var archive: String?

    func validate() throws {
        if [feedName != nil, section != nil, query != nil, popular != nil, latest, archive != nil].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of --feed, --section, --query, --popular, --latest and --archive.")
        }
        if let feedName, Feed(name: feedName) == nil {
            throw ValidationError(
                "Unknown feed '\(feedName.terminalSafe.prefix(60))': a section ('nytreader sections'), latest, saved, popular:viewed|emailed|shared:1|7|30 or archive:YYYY-MM."
            )
        }
        if let archive, archiveMonth(archive) == nil {
            throw ValidationError(
                "--archive takes a month like 2024-03 (from 1851-01 to this month), not '\(archive.terminalSafe.prefix(40))'.")
        }
        if let popular, MostPopularKind(rawValue: popular) == nil {
            throw ValidationError("--popular takes viewed, emailed or shared, not '\(popular.terminalSafe.prefix(40))'.")
        }
        if let period {
            guard popular != nil else { throw ValidationError("--period goes with --popular.") }
            guard MostPopularPeriod(rawValue: period) != nil else { throw ValidationError("--period takes 1, 7 or 30.") }
        }
        if let section, Section(validating: section) == nil {
            throw ValidationError("Unknown section '\(section.terminalSafe.prefix(40))'. Run 'nytreader sections' to list them.")
        }
        if let query, query.trimmed().isEmpty, from == nil, to == nil {
            // Words, or a search by dates alone (`--query '' --from 2024-01-01`, as the reader's `f from:…`).
            throw ValidationError("--query needs some words, or --from or --to for a search by dates alone.")
        }
        if query == nil && (from != nil || to != nil || sort != nil) {
            throw ValidationError("--from, --to and --sort go with --query.")
        }
        if let sort, SearchSort(rawValue: sort) == nil {
            throw ValidationError("--sort takes newest, oldest or relevance, not '\(sort.terminalSafe.prefix(40))'.")
        }
        let begin = try from.map { try Self.apiDate($0, option: "--from") }
        let end = try to.map { try Self.apiDate($0, option: "--to") }
        if let begin, let end, begin > end {
            throw ValidationError("--from \(from!) is after --to \(to!).")
        }
    }

    /// Whether any feed option was given.
    var isSet: Bool { feedName != nil || section != nil || query != nil || popular != nil || latest || archive != nil }

    /// The feed the options name; `fallback` when none was given.
    func feed(default fallback: Feed = .topStories(.home)) -> Feed {
        if let named = feedName.flatMap(Feed.init(name:)) { return named }
        if let query {
            return .search(
                SearchQuery(
                    text: query.trimmed(),
                    beginDate: from.flatMap { try? Self.apiDate($0, option: "--from") },
                    endDate: to.flatMap { try? Self.apiDate($0, option: "--to") },
                    sort: sort.flatMap(SearchSort.init(rawValue:)) ?? .newest
                ))
        }
        if latest { return .latest }
        if let month = archive.flatMap(archiveMonth) { return .archive(month) }
        if let popular, let kind = MostPopularKind(rawValue: popular) {
            return .mostPopular(kind, period.flatMap(MostPopularPeriod.init(rawValue:)) ?? .week)
        }
        if let section, let known = Section(validating: section) {
            return .topStories(known)
        }
        return fallback
    }

    private func archiveMonth(_ text: String) -> ArchiveMonth? {
        ArchiveMonth(text, latest: .current)
    }

    /// `2024-01-31` → `20240131`, rejecting anything but a real day from 1851 to next year.
    static func apiDate(_ text: String, option: String) throws -> String {
        let latest = SearchDay.latestYear(at: Date().timeIntervalSince1970)
        guard let day = SearchDay(text, latestYear: latest) else {
            throw ValidationError(
                "\(option) \(text.terminalSafe.prefix(40)) is not a real day like 2024-01-31 (from \(SearchDay.firstYear) to \(latest))."
            )
        }
        return day.apiValue
    }
}
