import NewsCore

/// A row of the section picker: a group's heading, or a feed to switch to.
public enum PickerEntry: Hashable, Sendable {
    case heading(String)
    case feed(Feed)

    /// The feed of a feed row.
    public var feed: Feed? {
        if case .feed(let feed) = self { return feed }
        return nil
    }

    /// The groups' headings, in the picker's order.
    public static let followedHeading = "My feeds"
    public static let sectionsHeading = "Sections"
    public static let popularHeading = "Most Popular"
    public static let latestHeading = "Latest"
    public static let savedHeading = "Saved"
    public static let searchesHeading = "Searches"
    public static let archiveHeading = "Archive"

    /// The picker's rows: the followed feeds under `My feeds`, then the other fixed feeds by kind (every
    /// Top Stories section, the Most Popular lists, Latest, Saved), the searches kept and the archive
    /// months, each group under its heading and without the feeds followed. With `filter`, only the feeds
    /// whose title holds it (ignoring case), and the headings of groups that keep one.
    static func entries(followed: [Feed], searches: [Feed], archive: [Feed], matching filter: String?) -> [PickerEntry] {
        var seen = Set<Feed>()
        let myFeeds = followed.filter { seen.insert($0).inserted }
        let groups: [(String, [Feed])] = [
            (followedHeading, myFeeds),
            (sectionsHeading, Section.all.map(Feed.topStories)),
            (popularHeading, MostPopularKind.allCases.flatMap { kind in MostPopularPeriod.allCases.map { Feed.mostPopular(kind, $0) } }),
            (latestHeading, [.latest]),
            (savedHeading, [.saved]),
            (searchesHeading, searches),
            (archiveHeading, archive),
        ]
        let words = filter?.trimmed().lowercased() ?? ""
        var entries: [PickerEntry] = []
        for (index, (heading, feeds)) in groups.enumerated() {
            let shown = feeds.filter { feed in
                (index == 0 || !seen.contains(feed)) && (words.isEmpty || feed.title.lowercased().contains(words))
            }
            guard !shown.isEmpty else { continue }
            entries.append(.heading(heading))
            entries += shown.map(PickerEntry.feed)
        }
        return entries
    }
}
