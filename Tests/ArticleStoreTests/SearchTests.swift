import ArticleStore
import Foundation
import NewsCore
import TestSupport
import Testing

@Suite("Full-text search")
struct SearchTests {
    let world = Feed.topStories(.world)

    /// A store holding articles with the given titles (abstract, lead and byline from `ArticleFactory`).
    func store(titles: [String], edit: (inout [Article]) -> Void = { _ in }) throws -> ArticleStore {
        let store = try ArticleStore(inMemoryWith: .standard)
        var articles = titles.enumerated().map { ArticleFactory.article($0.offset, title: $0.element) }
        edit(&articles)
        try store.apply(FeedSnapshot(feed: world, articles: articles, fetchedDate: Date()), origin: .network)
        return store
    }

    func titles(_ hits: [SearchHit]) -> [String] { hits.map(\.entry.article.title) }

    @Test("The last word matches by prefix, whatever its case")
    func prefix() throws {
        let store = try store(titles: ["Election Night in Denmark", "The Electric Car Market", "Weather"])
        #expect(Set(titles(try store.search("elec", limit: 10))) == ["Election Night in Denmark", "The Electric Car Market"])
        #expect(titles(try store.search("ELECTION", limit: 10)) == ["Election Night in Denmark"])
        #expect(titles(try store.search("election den", limit: 10)) == ["Election Night in Denmark"])
        #expect(try store.search("elections", limit: 10).isEmpty)
    }

    static let elect = ["Election Night in Denmark", "Elect a Mayor in Denmark", "Electric Cars in Denmark"]

    @Test("Words before the last match whole words only")
    func earlierWordsWhole() throws {
        let store = try store(titles: Self.elect)
        #expect(titles(try store.search("elect den", limit: 10)) == ["Elect a Mayor in Denmark"])
        #expect(titles(try store.search("election denm", limit: 10)) == ["Election Night in Denmark"])
        #expect(Set(titles(try store.search("denmark elect", limit: 10))) == Set(Self.elect))
        #expect(titles(try store.search("denmark elect mayor", limit: 10)) == ["Elect a Mayor in Denmark"])
    }

    @Test("A space after the last word means it is finished: a whole word")
    func trailingSpace() throws {
        let store = try store(titles: Self.elect)
        #expect(Set(titles(try store.search("elect", limit: 10))) == Set(Self.elect))
        #expect(titles(try store.search("elect ", limit: 10)) == ["Elect a Mayor in Denmark"])
        #expect(titles(try store.search("denmark elect ", limit: 10)) == ["Elect a Mayor in Denmark"])
        #expect(titles(try store.search("elect, ", limit: 10)) == ["Elect a Mayor in Denmark"], "any separator ends a word")
        #expect(Set(titles(try store.search("  elect", limit: 10))) == Set(Self.elect))
    }

    @Test("When that finds nothing, every word of three letters or more is tried as a prefix")
    func everyWordAsPrefixWhenNothingFound() throws {
        let store = try store(titles: ["Election in Denmark", "Weather"])
        #expect(titles(try store.search("elect den", limit: 10)) == ["Election in Denmark"])
        #expect(titles(try store.search("elect ", limit: 10)) == ["Election in Denmark"])
        #expect(titles(try store.search("elect denmark", limit: 10)) == ["Election in Denmark"])
        #expect(try store.search("elect zzz", limit: 10).isEmpty)
        #expect(try store.search("elections den", limit: 10).isEmpty)
        #expect(try store.search("el den", limit: 10).isEmpty, "a two-letter word stays whole")
        let hit = try #require(try store.search("elect den", limit: 1).first)
        let mark = { (word: String) in "\(SearchHit.highlightStart)\(word)\(SearchHit.highlightEnd)" }
        #expect(hit.snippet == "\(mark("Election")) in \(mark("Denmark"))", "the snippet marks what the prefixes found")
    }

    @Test("Words shorter than three letters match whole words only")
    func shortWords() throws {
        let store = try store(titles: ["Election in Denmark", "A day at the UN", "Unrelated"])
        #expect(try store.search("el", limit: 10).isEmpty)
        #expect(titles(try store.search("un", limit: 10)) == ["A day at the UN"])
        #expect(titles(try store.search("den", limit: 10)) == ["Election in Denmark"])
    }

    @Test("Accents do not matter, either way")
    func accents() throws {
        let store = try store(titles: ["Café owners in Paris", "Naïve art in São Paulo", "Plain title"])
        #expect(titles(try store.search("cafe", limit: 10)) == ["Café owners in Paris"])
        #expect(titles(try store.search("CAFÉ", limit: 10)) == ["Café owners in Paris"])
        #expect(titles(try store.search("naive sao", limit: 10)) == ["Naïve art in São Paulo"])
    }

    @Test("Abstract, lead paragraph and byline are searched; a title match ranks first (bm25)")
    func fieldsAndRanking() throws {
        let store = try store(titles: ["Other news", "Harbor report", "Something else", "Unrelated"]) { articles in
            articles[0].abstract = "A long abstract that mentions the harbor once among many other words here."
            articles[2].leadParagraph = "The harbor, the harbor."
            articles[3].byline = "By Harbor Smith"
        }
        let hits = try store.search("harbor", limit: 10)
        #expect(hits.count == 4)
        #expect(hits.first?.entry.article.title == "Harbor report")
        #expect(titles(try store.search("harbor", limit: 2)).count == 2)
        #expect(titles(try store.search("smith", limit: 10)) == ["Unrelated"])
    }

    @Test("The snippet is short and marks the matched word")
    func snippet() throws {
        let long = (1...60).map { "word\($0)" }.joined(separator: " ")
        let store = try store(titles: ["Title"]) { articles in
            articles[0].leadParagraph = long + " glacier " + long
        }
        let hit = try #require(try store.search("glac", limit: 1).first)
        let marked = "\(SearchHit.highlightStart)glacier\(SearchHit.highlightEnd)"
        #expect(hit.snippet.contains(marked))
        #expect(hit.snippet.split(separator: " ").count <= 12)
        #expect(hit.snippet.hasPrefix("…") && hit.snippet.hasSuffix("…"))
        #expect(hit.snippet == "…word58 word59 word60 \(marked) word1 word2 word3 word4 word5 word6 word7 word8…")
    }

    @Test("The snippet marks an earlier word whole and the last one by prefix")
    func snippetMarksLikeTheQuery() throws {
        let store = try store(titles: ["Vote"]) { articles in
            articles[0].leadParagraph = "Electors elect a mayor in Denmark."
        }
        let mark = { (word: String) in "\(SearchHit.highlightStart)\(word)\(SearchHit.highlightEnd)" }
        #expect(try store.search("elect den", limit: 1).first?.snippet == "Electors \(mark("elect")) a mayor in \(mark("Denmark")).")
        #expect(
            try store.search("mayor elect", limit: 1).first?.snippet
                == "\(mark("Electors")) \(mark("elect")) a \(mark("mayor")) in Denmark.")
    }

    @Test("The snippet comes from the lead paragraph, else the abstract, else the title, and keeps accents")
    func snippetSource() throws {
        let store = try store(titles: ["Café society", "Short one"]) { articles in
            articles[0].abstract = "Owners of a café say winter is hard."
            articles[1].leadParagraph = "Rain in Zürich."
        }
        let mark = { (word: String) in "\(SearchHit.highlightStart)\(word)\(SearchHit.highlightEnd)" }
        #expect(try store.search("cafe", limit: 1).first?.snippet == "Owners of a \(mark("café")) say winter is hard.")
        #expect(try store.search("zurich", limit: 1).first?.snippet == "Rain in \(mark("Zürich")).")
        #expect(try store.search("short", limit: 1).first?.snippet == "\(mark("Short")) one")
    }

    @Test("CJK text is found by any part, one character or more")
    func cjk() throws {
        let store = try store(titles: ["東京の新しい駅が開業", "北京で会議", "서울에서 열린 회의", "Tokyo 東京 marathon"])
        #expect(Set(titles(try store.search("東京", limit: 10))) == ["東京の新しい駅が開業", "Tokyo 東京 marathon"])
        #expect(titles(try store.search("新しい駅", limit: 10)) == ["東京の新しい駅が開業"])
        #expect(titles(try store.search("駅", limit: 10)) == ["東京の新しい駅が開業"])
        #expect(titles(try store.search("会議", limit: 10)) == ["北京で会議"])
        #expect(titles(try store.search("회의", limit: 10)) == ["서울에서 열린 회의"])
        #expect(titles(try store.search("東京 marathon", limit: 10)) == ["Tokyo 東京 marathon"])
        #expect(try store.search("大阪", limit: 10).isEmpty)
        #expect(try store.search("京東", limit: 10).isEmpty)
        let hit = try #require(try store.search("新しい駅", limit: 1).first)
        #expect(hit.snippet == "東京の\(SearchHit.highlightStart)新しい駅\(SearchHit.highlightEnd)が開業")
    }

    @Test("CJK text changed by a refresh is searched in its new form only")
    func cjkUpdated() throws {
        let store = try store(titles: ["東京の新しい駅が開業"])
        var changed = ArticleFactory.article(0, title: "大阪の新しい駅が開業")
        changed.updatedDate = Date()
        try store.apply(FeedSnapshot(feed: world, articles: [changed], fetchedDate: Date()), origin: .network)
        #expect(try store.search("東京", limit: 10).isEmpty)
        #expect(titles(try store.search("大阪", limit: 10)) == ["大阪の新しい駅が開業"])
    }

    static let electionNight = ["Election night AND more"]
    static let border = ["NEAR the border"]

    @Test(
        "Hostile input never errors and is searched as plain words",
        arguments: [
            ("\"", []), ("(", []), (")", []), ("AND", electionNight), ("OR", []), ("NOT", []), ("*", []),
            ("NEAR", border), ("NEAR(", border), ("((election", electionNight), ("election))", electionNight),
            ("\"election", electionNight), ("title:election", []), ("^election", electionNight), ("election AND", electionNight),
            ("-", []), ("+", []), (":", []), ("{title}: x", []), ("e*l*e*c", []), ("\0", []), ("\u{200D}", []), ("\u{301}", []),
            ("😀", []), ("🇩🇰 election", electionNight), ("border\u{1B}\u{07}", border), ("NEAR(border, election)", []),
        ] as [(String, [String])])
    func hostile(input: String, expected: [String]) throws {
        let store = try store(titles: ["Election night AND more", "NEAR the border"])
        #expect(titles(try store.search(input, limit: 10)) == expected)
    }

    @Test("Query syntax words are plain words")
    func syntaxWordsArePlain() throws {
        let store = try store(titles: ["Election night AND more", "NEAR the border", "Nothing"])
        #expect(titles(try store.search("near", limit: 10)) == ["NEAR the border"])
        #expect(titles(try store.search("\"election", limit: 10)) == ["Election night AND more"])
        #expect(titles(try store.search("(election) AND (night", limit: 10)) == ["Election night AND more"])
        #expect(try store.search("\"(*)\"", limit: 10).isEmpty)
    }

    @Test("A 10 kB query is cut short, not an error")
    func longInput() throws {
        let store = try store(titles: ["Election night", "Other"])
        let words = String(repeating: "election ", count: 1_200)
        #expect(titles(try store.search(words, limit: 10)) == ["Election night"])
        let oneWord = String(repeating: "x", count: 10_240)
        #expect(try store.search(oneWord, limit: 10).isEmpty)
        let symbols = String(repeating: "\"(*", count: 3_500)
        #expect(try store.search(symbols, limit: 10).isEmpty)
    }

    @Test("Nothing to search for finds nothing")
    func empty() throws {
        let store = try store(titles: ["Election night"])
        #expect(try store.search("", limit: 10).isEmpty)
        #expect(try store.search("   ", limit: 10).isEmpty)
        #expect(try store.search("election", limit: 0).isEmpty)
    }
}
