import FoundationEssentials
import NYTAPI
import NewsCore

/// The NYT response bodies, one target per shape: each input is decoded the way the client decodes a body
/// (`NYTClient.decode…`: splitter, tape decoder, the models' readers, the mapping to articles), and also
/// streamed in small chunks through the splitter into plain JSON values, which must give what one chunk
/// gives. What comes out must keep the promises the rest of the program relies on.
enum ResponseTargets {
    static let all = [topStories, articleSearch2025, articleSearchBefore2025, mostPopular, newswire, archive]

    private static let fetched = Date(timeIntervalSince1970: 1_763_600_000)

    static let topStories = FuzzTarget(name: "topstories") { bytes in
        let streamed = StreamedJSON.checkChunking(bytes, path: ["results"])
        let decoded = Result { () throws(APIError) in
            try NYTClient.decodeTopStories(Data(bytes), section: .world, fetchedDate: nil)
        }
        check(decoded.map(\.articles), skipped: decoded.map(\.skippedCount), streamed: streamed)
        ItemReaders.checkTopStories(bytes)
    }

    /// Article Search, today's shape (`response.metadata`, `multimedia` an object) in the seeds.
    static let articleSearch2025 = FuzzTarget(name: "articlesearch-2025") { articleSearch($0) }
    /// Article Search, the shape before 2025 (`response.meta`, `multimedia` an array) in the seeds.
    static let articleSearchBefore2025 = FuzzTarget(name: "articlesearch-before2025") { articleSearch($0) }

    private static func articleSearch(_ bytes: UnsafeRawBufferPointer) {
        let streamed = StreamedJSON.checkChunking(bytes, path: ["response", "docs"])
        let decoded = Result { () throws(APIError) in try NYTClient.decodeArticleSearch(Data(bytes), fetchedDate: fetched) }
        check(decoded.map(\.articles), skipped: decoded.map(\.skippedCount), streamed: streamed)
        if case .success(let page) = decoded {
            FuzzCheck.require(
                page.articles.count + page.skippedCount == page.documentCount,
                "\(page.articles.count) articles and \(page.skippedCount) skipped of \(page.documentCount) docs")
        }
    }

    static let mostPopular = FuzzTarget(name: "mostpopular") { bytes in
        let streamed = StreamedJSON.checkChunking(bytes, path: ["results"])
        let decoded = Result { () throws(APIError) in try NYTClient.decodeMostPopular(Data(bytes), fetchedDate: fetched) }
        check(decoded.map(\.articles), skipped: decoded.map(\.skippedCount), streamed: streamed)
        ItemReaders.checkMostPopular(bytes)
    }

    static let newswire = FuzzTarget(name: "newswire") { bytes in
        let streamed = StreamedJSON.checkChunking(bytes, path: ["results"])
        let decoded = Result { () throws(APIError) in try NYTClient.decodeLatest(Data(bytes), fetchedDate: fetched) }
        check(decoded.map(\.articles), skipped: decoded.map(\.skippedCount), streamed: streamed)
        ItemReaders.checkTopStories(bytes)
    }

    /// The month the archive seeds are dated in.
    private static let archiveMonth = ArchiveMonth(containingDay: 19_737)  // 2024-01-15

    /// An Archive month, its articles handed on in batches of three.
    static let archive = FuzzTarget(name: "archive") { bytes in
        let streamed = StreamedJSON.checkChunking(bytes, path: ["response", "docs"])
        var articles: [Article] = []
        var batchSizes: [Int] = []
        let decoded = Result { () throws(APIError) in
            try NYTClient.decodeArchive(Data(bytes), month: archiveMonth, batchSize: 3) { batch, _ in
                articles += batch
                batchSizes.append(batch.count)
            }
        }
        let leftOut = decoded.map { $0.skippedCount + $0.outsideCount }
        check(decoded.map { _ in articles }, skipped: leftOut, streamed: streamed)
        if case .success(let summary) = decoded {
            FuzzCheck.require(
                summary.articleCount == articles.count, "\(summary.articleCount) articles counted, \(articles.count) handed on")
            FuzzCheck.require(
                summary.articleCount + summary.skippedCount + summary.outsideCount == summary.documentCount,
                "archive counts do not add up")
            FuzzCheck.require(articles.allSatisfy { isInArchiveMonth($0.publishedDate) }, "an article dated outside the month")
            FuzzCheck.require(summary.byteCount == bytes.count, "\(summary.byteCount) bytes counted of \(bytes.count)")
            FuzzCheck.require(
                batchSizes.dropLast().allSatisfy { $0 == 3 } && batchSizes.allSatisfy { (1...3).contains($0) },
                "batches of \(batchSizes)")
        }
    }

    /// Whether `date` falls in the archive month in some time zone, UTC+14 to UTC−12.
    private static func isInArchiveMonth(_ date: Date) -> Bool {
        func month(_ shift: Double) -> ArchiveMonth {
            ArchiveMonth(containingDay: Int(((date.timeIntervalSince1970 + shift * 3_600) / 86_400).rounded(.down)))
        }
        return month(14) >= archiveMonth && month(-12) <= archiveMonth
    }

    /// The promises of a decoded response: every article within `ArticleBounds`, with a uri and a title,
    /// each uri once; and a body the plain streaming refused is refused by the client too (it reads the
    /// same bytes with the same splitter and parser).
    private static func check(
        _ articles: Result<[Article], APIError>, skipped: Result<Int, APIError>, streamed: Result<StreamedJSON, StreamedJSON.Failure>
    ) {
        guard case .success(let articles) = articles, case .success(let skipped) = skipped else { return }
        FuzzCheck.require(skipped >= 0, "a negative count of skipped items")
        var seen = Set<ArticleID>()
        for article in articles {
            FuzzCheck.require(seen.insert(article.id).inserted, "the uri \(article.id) twice")
            FuzzCheck.require(!article.id.rawValue.isEmpty && article.id.rawValue.utf8.count <= ArticleBounds.line, "a bad uri")
            FuzzCheck.require(!article.title.allSatisfy(\.isWhitespace), "an article without a title")
            FuzzCheck.require(ArticleBounds.bounded(article) == article, "an article outside its bounds: \(article.id)")
        }
        if case .failure(let failure) = streamed {
            FuzzCheck.require(false, "the streamed body was refused (\(failure.description)), the client took \(articles.count) articles")
        }
        if case .success(let document) = streamed {
            FuzzCheck.require(
                articles.count + skipped == document.elements.count,
                "\(articles.count) articles and \(skipped) skipped of \(document.elements.count) items")
        }
    }
}
