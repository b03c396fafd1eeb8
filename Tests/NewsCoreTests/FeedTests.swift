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

    @Test("The kinds stored beside the keys keep the text existing caches hold")
    func kinds() {
        let feeds: [Feed] = [
            .topStories(.world), .search(SearchQuery(text: "x")), .saved, .mostPopular(.viewed, .day), .latest,
            .archive(ArchiveMonth(containingDay: 19_844)),
        ]
        #expect(feeds.map(\.kind.rawValue) == ["top", "search", "saved", "popular", "latest", "archive"])
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
    }
}
