import Foundation
import NewsCore
import TestSupport
import Testing

/// No field of an article is larger than its cap, whatever a server sends.
@Suite("Article field bounds")
struct ArticleBoundsTests {
    @Test("Cuts fall on character boundaries within the byte budget")
    func cuts() {
        #expect(ArticleBounds.cut("short", to: 10) == "short")
        #expect(ArticleBounds.cut("abcdef", to: 3) == "abc")
        #expect(ArticleBounds.cut("ééé", to: 5) == "éé", "é is two bytes")
        #expect(ArticleBounds.cut("東京😀", to: 6) == "東京")
        #expect(ArticleBounds.cut("👨‍👩‍👧x", to: 10) == "", "a family emoji is one character of 18 bytes")
        #expect(ArticleBounds.cut("e\u{301}e\u{301}", to: 4) == "e\u{301}", "a combining accent stays with its letter")
    }

    @Test("A 5 MB abstract and lead become 64 kB, a long title 2 kB, a long address nothing")
    func bounded() {
        var article = ArticleFactory.article(1)
        article.abstract = String(repeating: "word ", count: 1_000_000)
        article.leadParagraph = String(repeating: "é", count: 3_000_000)
        article.title = String(repeating: "T", count: 10_000)
        article.section = String(repeating: "s", count: 1_000)
        article.url = "https://www.nytimes.com/" + String(repeating: "a", count: 3_000)
        let bounded = ArticleBounds.bounded(article)
        #expect(bounded.abstract.utf8.count == 65_536)
        #expect(bounded.leadParagraph.utf8.count == 65_536)
        #expect(bounded.title.utf8.count == 2_048)
        #expect(bounded.section.utf8.count == 256)
        #expect(bounded.url.isEmpty)
        #expect(ArticleBounds.bounded(ArticleFactory.article(2)) == ArticleFactory.article(2), "ordinary articles are untouched")
    }
}
