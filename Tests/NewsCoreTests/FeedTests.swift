import NewsCore
import Testing

@Suite("Feeds and sections")
struct FeedTests {
    @Test("Feed keys are stable")
    func keys() {
        #expect(Feed.topStories(.world).key == "top:world")
        #expect(
            Feed.search(SearchQuery(text: "election", beginDate: "20240101", endDate: "20240131")).key
                == "search:q=election;from=20240101;to=20240131")
        #expect(Feed.saved.key == "saved")
    }

    @Test("A feed's name is its section's, else its key, and names it back; completion offers the fixed feeds")
    func names() {
        let feeds: [Feed] = [
            .topStories(.world), .topStories(Section(rawValue: "books/review")), .latest, .saved, .mostPopular(.shared, .month),
            .archive(ArchiveMonth(containingDay: 19_844)), .search(SearchQuery(text: "ocean", beginDate: "20240101")),
        ]
        #expect(
            feeds.map(\.name) == [
                "world", "books/review", "latest", "saved", "popular:shared:30", "archive:2024-05", "search:q=ocean;from=20240101",
            ])
        #expect(feeds.map { Feed(name: $0.name) } == feeds)
        #expect(Feed(name: " World ") == .topStories(.world))
        #expect(Feed(name: "top:world") == .topStories(.world))
        #expect(Feed(name: "weather") == nil)
        #expect(Feed(name: "popular:viewed:2") == nil)
        #expect(Feed.completableNames.count == 26 + 9 + 2)
        #expect(Feed.completableNames.contains("popular:viewed:1") && Feed.completableNames.contains("latest"))
    }

    @Test("A refresh of the followed feeds asks the NYT for every feed but Saved and an archive month")
    func refreshable() {
        let feeds: [Feed] = [
            .topStories(.world), .latest, .saved, .mostPopular(.viewed, .day), .archive(ArchiveMonth(containingDay: 19_844)),
            .search(SearchQuery(text: "ocean")),
        ]
        #expect(feeds.map(\.isRefreshable) == [true, true, false, true, false, true])
    }

    @Test("The kinds stored beside the keys keep the text existing caches hold")
    func kinds() {
        let feeds: [Feed] = [
            .topStories(.world), .search(SearchQuery(text: "x")), .saved, .mostPopular(.viewed, .day), .latest,
            .archive(ArchiveMonth(containingDay: 19_844)),
            .archiveMatches(ArchiveMatches(term: "x", period: TrendPeriod(year: 1987))),
        ]
        #expect(feeds.map(\.kind.rawValue) == ["top", "search", "saved", "popular", "latest", "archive", "matches"])
    }

    @Test("An archive period's matches: its key names the period and the words, read back whole; the cache alone holds it")
    func archiveMatches() {
        let year = Feed.archiveMatches(ArchiveMatches(term: "climate: change", period: TrendPeriod(year: 1987)))
        let month = Feed.archiveMatches(ArchiveMatches(term: "東京", period: TrendPeriod(ArchiveMonth(containingDay: 19_844))))
        #expect(year.key == "matches:1987:climate: change")
        #expect(month.key == "matches:2024-05:東京")
        #expect(Feed(key: year.key) == year)
        #expect(Feed(key: month.key) == month)
        #expect(Feed(key: "matches:1987:") == nil)
        #expect(Feed(key: "matches:87:x") == nil)
        #expect(Feed(key: "matches:1987-13:x") == nil)
        #expect(year.title == "“climate: change” in 1987")
        #expect(!year.isRemote)
        #expect(TrendPeriod("1987")?.lastMonth.description == "1987-12")
        #expect(TrendPeriod("1987-02")?.firstMonth.description == "1987-02")
    }

    @Test("There are 26 sections and only they validate")
    func sections() {
        #expect(Section.all.count == 26)
        #expect(Section(validating: "Books/Review")?.rawValue == "books/review")
        #expect(Section(validating: "weather") == nil)
        #expect(Section(rawValue: "nyregion").displayName == "N.Y. Region")
        #expect(Section(rawValue: "books/review").displayName == "Books Review")
        #expect(Section.displayName(forArticleSection: "us") == "U.S.")
        #expect(Section.displayName(forArticleSection: "climate") == "Climate")
        #expect(Section.displayName(forArticleSection: "U.S.") == "U.S.")
        for section in Section.all {
            #expect(Section.displayName(forArticleSection: section.rawValue) == section.displayName)
            #expect(Section.displayName(forArticleSection: section.rawValue.uppercased()) == section.displayName)
        }
    }

    @Test("Subsections written as one word or with hyphens read as the NYT's pages name them")
    func subsectionNames() {
        #expect(Section.displayName(forArticleSection: "middleeast") == "Middle East")
        #expect(Section.displayName(forArticleSection: "energy-environment") == "Energy & Environment")
        #expect(Section.displayName(forArticleSection: "smallbusiness") == "Small Business")
        #expect(Section.displayName(forArticleSection: "the-daily") == "The Daily")
        #expect(Section.displayName(forArticleSection: "europe") == "Europe")
        #expect(Section.displayName(forArticleSection: "Middle East") == "Middle East")
    }
}
