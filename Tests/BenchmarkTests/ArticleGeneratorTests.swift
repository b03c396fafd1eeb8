import Foundation
import NewsCore
import Testing

@testable import TestSupport

@Suite("Article generator")
struct ArticleGeneratorTests {
    let now = Date(timeIntervalSince1970: 1_763_600_000)  // 2025-11-20T00:53:20Z

    @Test("The same seed gives the same articles; the index makes the uri")
    func reproducible() {
        var first = ArticleGenerator(now: now)
        var second = ArticleGenerator(now: now)
        let articles = first.articles(0..<200)
        #expect(articles == second.articles(0..<200))
        #expect(Set(articles.map(\.id)).count == 200)
        #expect(articles[0].id.rawValue == "nyt://article/e220a839-7b1d-cdaf-6e78-9e6aa1b965f4")
        #expect(articles[0].title == "A trade over president trump is")
        #expect(articles[0].url.hasPrefix("https://www.nytimes.com/2025/11/20/"))
        var other = ArticleGenerator(seed: 7, now: now)
        #expect(other.article(0).id == articles[0].id)
        #expect(other.article(1).title != articles[1].title)
    }

    @Test("Sections, bylines, lead paragraphs, accents and CJK titles in realistic shares")
    func shares() {
        var generator = ArticleGenerator(now: now)
        let articles = generator.articles(0..<5_000)
        func share(_ predicate: (Article) -> Bool) -> Double {
            Double(articles.filter(predicate).count) / Double(articles.count)
        }
        #expect(Set(articles.map(\.section)).count >= 20)
        #expect((0.01...0.05).contains(share { $0.title.unicodeScalars.contains { $0.value >= 0x3040 } }))
        #expect((0.55...0.65).contains(share { $0.leadParagraph == $0.abstract }))
        #expect((0.02...0.08).contains(share { $0.byline.isEmpty }))
        #expect(share { $0.title.contains { !$0.isASCII } } > 0.05)
        #expect(articles.allSatisfy { $0.publishedDate <= now && !$0.title.isEmpty && !$0.abstract.isEmpty })
        // Newest first, a few minutes apart: article 1,000 is about 50 hours old.
        #expect(abs(now.timeIntervalSince(articles[1_000].publishedDate) - 180_000) < 120)
    }
}
