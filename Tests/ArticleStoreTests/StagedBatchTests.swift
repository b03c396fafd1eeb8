import FoundationEssentials
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("Batches of articles set aside as one blob")
struct StagedBatchTests {
    /// What the `article` table takes for `article`: its uri and the values of its written columns.
    static func throughTable(_ article: Article) -> StoredArticle {
        StoredArticle(article)
    }

    static var varied: [Article] {
        var articles = (0..<40).map { ArticleFactory.article($0) }
        articles[1].thumbnailURL = nil
        articles[2].updatedDate = nil
        articles[3].leadParagraph = articles[3].abstract
        articles[4].title = "Tōkyō 東京 — “quoted” 😀 \u{0}"
        articles[5].abstract = String(repeating: "a long abstract ", count: 2_000)
        articles[6].kicker = ""
        articles[7].publishedDate = Date(timeIntervalSince1970: 1_700_000_000.75)
        return articles
    }

    @Test("Articles read back are the values the article table would take, in order")
    func roundTrip() throws {
        let articles = Self.varied
        let decoded = try StagedBatch.decode(StagedBatch.encode(articles))
        #expect(decoded == articles.map(Self.throughTable))
        #expect(try StagedBatch.decode(StagedBatch.encode([Article]())).isEmpty)
    }

    @Test("Every cut short or damaged blob is refused, never read past its end")
    func damaged() throws {
        let blob = StagedBatch.encode(Array(Self.varied.prefix(3)))
        for length in 0..<blob.count {
            let prefix = Array(blob.prefix(length))
            if let articles = try? StagedBatch.decode(prefix) {
                // A prefix that ends between two articles is the articles before it.
                #expect(articles == Array(Self.varied.prefix(articles.count)).map(Self.throughTable), "length \(length)")
            }
        }
        var wrongTag = blob
        wrongTag[0] = 9
        #expect(throws: StagedBatch.Damaged.self) { try StagedBatch.decode(wrongTag) }
        #expect(throws: StagedBatch.Damaged.self) {
            try StagedBatch.decode([3, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
        }
    }
}
