import NewsCore
import Testing

@Suite("Search typed in the reader")
struct SearchInputTests {
    static func parse(_ text: String) -> Result<SearchQuery, SearchInput.Problem> {
        SearchInput.parse(text, latestYear: 2027)
    }

    @Test("Words and operators, anywhere and in any case, become a query")
    func operators() throws {
        let query = try Self.parse("  climate FROM:2024-01-01 change to:2024-01-31 sort:Oldest ").get()
        #expect(query == SearchQuery(text: "climate change", beginDate: "20240101", endDate: "20240131", sort: .oldest))
        #expect(try Self.parse("climate").get() == SearchQuery(text: "climate"))
        // A colon in an ordinary word is part of the words.
        #expect(try Self.parse("c++ re:view 10:30").get().text == "c++ re:view 10:30")
    }

    @Test(
        "A bad operator value is one line saying what is wrong",
        arguments: [
            ("climate from:2024-13-01", "from: takes a day like 2024-01-31"),
            ("climate to:yesterday", "to: takes a day like 2024-01-31"),
            ("climate from:1850-12-31", "from: takes a day like 2024-01-31 (1851–2027)"),
            ("climate sort:best", "sort: takes newest, oldest or relevance"),
            ("from:2024-01-01", "Type some words to search for"),
            ("   ", "Type some words to search for"),
            ("climate from:2024-02-01 to:2024-01-01", "from:2024-02-01 is after to:2024-01-01"),
        ])
    func problems(input: String, message: String) {
        guard case .failure(let problem) = Self.parse(input) else {
            Issue.record("\(input) was accepted")
            return
        }
        #expect(problem.message.hasPrefix(message))
        #expect(!problem.message.contains("\n"))
    }

    @Test("A search feed's title says its words, its range and its order")
    func titles() {
        #expect(Feed.search(SearchQuery(text: "climate")).title == "Search “climate”")
        #expect(
            Feed.search(SearchQuery(text: "climate", beginDate: "20240101", endDate: "20240131")).title
                == "Search “climate” · 1 Jan – 31 Jan 2024")
        #expect(
            Feed.search(SearchQuery(text: "climate", beginDate: "20231201", endDate: "20240131")).title
                == "Search “climate” · 1 Dec 2023 – 31 Jan 2024")
        #expect(Feed.search(SearchQuery(text: "x", beginDate: "20240105")).title == "Search “x” · from 5 Jan 2024")
        #expect(
            Feed.search(SearchQuery(text: "x", endDate: "20240105", sort: .relevance)).title
                == "Search “x” · to 5 Jan 2024 · by relevance")
    }

    @Test(
        "Every feed's key reads back as the same feed",
        arguments: [
            Feed.topStories(.world), .topStories(Section(rawValue: "books/review")), .saved, .latest,
            .mostPopular(.shared, .month),
            .search(SearchQuery(text: "climate")),
            .search(SearchQuery(text: "climate change", beginDate: "20240101", endDate: "20240131", sort: .oldest)),
            .search(SearchQuery(text: "x", endDate: "20240131", sort: .relevance)),
            .search(SearchQuery(text: "a;to=1 b;sort=oldest", beginDate: "20240101")),
            .archive(ArchiveMonth("2024-03", latest: ArchiveMonth(containingDay: 21_000))!),
        ])
    func keysReadBack(feed: Feed) {
        #expect(Feed(key: feed.key) == feed)
    }

    @Test("Keys this version does not write are not feeds")
    func unknownKeys() {
        #expect(Feed(key: "top:weather") == nil)
        #expect(Feed(key: "popular:viewed:2") == nil)
        #expect(Feed(key: "search:q=") == nil)
        #expect(Feed(key: "archive:2024-13") == nil)
        #expect(Feed(key: "archive:1850-12") == nil)
    }
}
