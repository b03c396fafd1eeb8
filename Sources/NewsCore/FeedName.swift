/// Feeds by the names a person writes in the config file's `feeds` list and gives `--feed`: a Top Stories
/// section by its name (`world`, `books/review`), `latest`, `saved`, a Most Popular list as
/// `popular:KIND:DAYS` (`popular:viewed:1`), an archive month as `archive:YYYY-MM`; any feed key
/// (`top:world`, `search:q=…`) is read too.
extension Feed {
    /// The feed's name: a section's own name, else its key.
    public var name: String {
        if case .topStories(let section) = self { return section.rawValue }
        return key
    }

    /// The feed `name` names, when it names one (sections ignoring case).
    public init?(name: String) {
        let trimmed = name.trimmed()
        if let section = Section(validating: trimmed) {
            self = .topStories(section)
            return
        }
        guard let feed = Feed(key: trimmed) else { return nil }
        self = feed
    }

    /// The names completion offers: every section, every Most Popular list, `latest` and `saved`.
    public static let completableNames: [String] =
        Section.all.map(\.rawValue)
        + MostPopularKind.allCases.flatMap { kind in MostPopularPeriod.allCases.map { Feed.mostPopular(kind, $0).name } }
        + [Feed.latest.name, Feed.saved.name]
}
