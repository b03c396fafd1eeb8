import Foundation
import NewsCore
import TestSupport
import Testing

@testable import NYTAPI

/// What one response can make the client keep.
@Suite("Response bounds")
struct ResponseBoundsTests {
    @Test("Items past the cap on one response are left out and counted")
    func articleCap() throws {
        let body = TopStoriesJSON.body(section: "world", articles: (0..<8).map { ArticleFactory.article($0) })
        let stream = ArticleStream<TopStory>(.stories, maximumArticles: 5) { $0.article(undatedAs: Date()) }
        _ = try stream.decode(body, as: TopStoriesResponse.self)
        #expect(stream.articles.map(\.title) == (0..<5).map { "Article \($0)" })
        #expect(stream.overflowCount == 3)
        #expect(stream.skippedCount == 3)
        #expect(ResponseShape.stories.maximumArticles == 20_000)
    }

    @Test("A 5 MB abstract is kept as 64 kB")
    func hugeField() async throws {
        var article = ArticleFactory.article(0)
        article.abstract = String(repeating: "long ", count: 1_000_000)
        let snapshot = try NYTClient.decodeTopStories(
            TopStoriesJSON.body(section: "world", articles: [article]), section: .world, fetchedDate: Date()
        )
        #expect(snapshot.articles.first?.abstract.utf8.count == 65_536)
        #expect(snapshot.articles.first?.leadParagraph.utf8.count == 65_536)
    }
}
