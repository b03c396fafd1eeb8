import Foundation
import NewsCore
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Ranking of search hits (nytrank)")
struct RankingTests {
    /// Articles 0… with the given titles and abstracts, stored as one feed in a cache on disk (so the
    /// search runs on the pool's reading connection, which must have the ranking function too).
    func store(_ texts: [(title: String, abstract: String)]) throws -> (ArticleStore, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let store = try ArticleStore(path: directory.path("cache.sqlite"))
        let articles = texts.enumerated().map { index, text in
            var article = ArticleFactory.article(index, title: text.title)
            article.abstract = text.abstract
            article.leadParagraph = text.abstract
            return article
        }
        try store.apply(FeedSnapshot(feed: .topStories(.world), articles: articles, fetchedDate: Date()), origin: .network)
        return (store, directory)
    }

    func titles(_ hits: [SearchHit]) -> [String] { hits.map(\.entry.article.title) }

    @Test("A word in the title outranks the same word in the abstract; a shorter title outranks a longer one")
    func titleWeightAndLength() throws {
        let (store, _) = try store([
            (title: "Notes from the week", abstract: "A lighthouse keeper retires."),
            (title: "The lighthouse keeper of a very long and winding northern coast road", abstract: "Plain text."),
            (title: "Lighthouse keeper retires", abstract: "Plain text."),
        ])
        #expect(
            titles(try store.search("lighthouse", limit: 10)) == [
                "Lighthouse keeper retires", "The lighthouse keeper of a very long and winding northern coast road", "Notes from the week",
            ])
    }

    @Test("A word in more of the columns ranks higher; every hit holds every word")
    func columns() throws {
        let (store, _) = try store([
            (title: "Harbour news", abstract: "Boats."),
            (title: "Harbour views", abstract: "Harbour boats."),
            (title: "Harbour pier", abstract: "Boats by the pier."),
        ])
        #expect(titles(try store.search("harbour pier", limit: 10)) == ["Harbour pier"])
        let ranked = titles(try store.search("harbour", limit: 10))
        #expect(ranked.first == "Harbour views", "in the title and the abstract")
        #expect(Set(ranked) == ["Harbour news", "Harbour views", "Harbour pier"])
    }
}
