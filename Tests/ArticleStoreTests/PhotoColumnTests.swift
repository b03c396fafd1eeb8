import Foundation
import NewsCore
import SQLite
import TestSupport
import Testing

@testable import ArticleStore

@Suite("The photo column")
struct PhotoColumnTests {
    let world = Feed.topStories(.world)

    static let photo = ArticlePhoto(
        crops: [
            PhotoCrop(url: "https://static01.nyt.com/images/a-superJumbo.jpg", width: 2048, height: 1365),
            PhotoCrop(url: "https://static01.nyt.com/images/a-threeByTwoSmallAt2X.jpg?quality=75 x", width: 600, height: 400),
        ],
        caption: "Delegations at the talks in Geneva on Thursday.", credit: "Fabrice Coffrini/AFP — Getty Images")!

    @Test("A photo reads back whole: crops in order with their sizes, caption, credit; none is NULL")
    func roundTrip() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var article = ArticleFactory.article(1)
        article.photo = Self.photo
        try store.apply(FeedSnapshot(feed: world, articles: [article, ArticleFactory.article(2)], fetchedDate: Date()), origin: .network)
        #expect(try store.entry(for: article.id)?.article.photo == Self.photo)
        #expect(try store.entry(for: ArticleFactory.article(2).id)?.article.photo == nil)
        #expect(PhotoColumn.text(of: nil, thumbnailURL: nil) == nil)
    }

    @Test("A refresh that brings a new photo replaces it; the same photo changes nothing")
    func refreshReplaces() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var article = ArticleFactory.article(1)
        article.photo = Self.photo
        try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        let same = try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(same.updated == 0)
        article.photo?.caption = "A new caption"
        let changed = try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(changed.updated == 1)
        #expect(try store.entry(for: article.id)?.article.photo?.caption == "A new caption")
    }

    @Test("Line feeds in a caption become spaces; a damaged text reads as no photo or loses its bad crops")
    func hostileText() {
        var photo = Self.photo
        photo.caption = "two\nlines"
        #expect(PhotoColumn.photo(from: PhotoColumn.text(of: photo, thumbnailURL: nil), thumbnailURL: nil)?.caption == "two lines")
        #expect(PhotoColumn.photo(from: "", thumbnailURL: nil) == nil)
        #expect(PhotoColumn.photo(from: "caption\ncredit", thumbnailURL: nil) == nil)
        #expect(PhotoColumn.photo(from: "c\nd\nx 1 https://a\n10 10", thumbnailURL: nil) == nil)
        #expect(
            PhotoColumn.photo(from: "c\nd\nx 1 https://a\n10 10 https://b", thumbnailURL: nil)?.crops == [
                PhotoCrop(url: "https://b", width: 10, height: 10)
            ])
        #expect(PhotoColumn.photo(from: "c\nd\n10 10 =", thumbnailURL: nil) == nil, "the thumbnail's crop of an article without one")
    }

    @Test("Addresses are stored as their characters would have them and read back whole, marks and CR LF included")
    func storedAsCharacters() {
        let addresses = [
            "https://static01.nyt.com/images/a.jpg", "https://static01.nyt.com/", "https://static01.nyt.com",
            "https://static01.nyt.com/\u{301}images", "https://static01.nyt.comx/a", "/images/a.jpg", "/\u{301}a", "/", "",
            "https://www.nytimes.com/2024/01/01/world/a.html", "https://www.nytimes.com/é", "https://www.nytimes.com\u{301}/a",
            "https://other.example/b.jpg", "nyt://article/1",
        ]
        for address in addresses {
            // As the characters said before the bytes were compared.
            for (origin, stored, shown) in [
                (ArticleColumns.imageOrigin, ArticleColumns.storedImageURL, ArticleColumns.shownImageURL),
                (ArticleColumns.nytOrigin, ArticleColumns.storedURL, ArticleColumns.shownURL),
            ] {
                let expected = address.hasPrefix(origin + "/") ? String(address.dropFirst(origin.count)) : address
                #expect(stored(address) == expected, "\(address)")
                #expect(shown(stored(address)) == (expected.hasPrefix("/") ? origin + expected : expected), "\(address)")
            }
        }
        var photo = Self.photo
        photo.caption = "a\r\nb"
        photo.credit = "c\nd"
        let text = PhotoColumn.text(of: photo, thumbnailURL: nil)
        #expect(text?.hasPrefix("a\r\nb\nc d\n") == true, "\(String(describing: text))")
    }

    @Test("Stored, the NYT's image addresses are their paths and a crop that is the thumbnail is one byte; both read back whole")
    func compactAddresses() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var article = ArticleFactory.article(1)
        article.thumbnailURL = "https://static01.nyt.com/images/a-thumbStandard.jpg"
        article.photo = ArticlePhoto(
            crops: [
                PhotoCrop(url: "https://static01.nyt.com/images/a-superJumbo.jpg", width: 2048, height: 1365),
                PhotoCrop(url: "https://static01.nyt.com/images/a-thumbStandard.jpg", width: 75, height: 75),
                PhotoCrop(url: "https://other.example/b.jpg", width: 10, height: 10),
            ], caption: "c", credit: "d")
        try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(try store.entry(for: article.id)?.article == article)
        let stored = try store.writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT nyttext(thumbnailURL) AS thumbnailURL, nyttext(photo) AS photo FROM article WHERE nyttext(uri) = ?",
                arguments: [article.id.rawValue])
        }
        #expect(try stored?["thumbnailURL"] == "/images/a-thumbStandard.jpg")
        #expect(try stored?["photo"] == "c\nd\n2048 1365 \t34 superJumbo.jpg\n75 75 =\n10 10 https://other.example/b.jpg")
        let again = try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(again.updated == 0)
    }

    @Test("A crop named after the thumbnail is stored as the thumbnail's start and its own end, and reads back whole")
    func cropsAfterTheThumbnail() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        let base = "https://static01.nyt.com/images/2026/11/20/multimedia/20ukraine-talks-01-hfkw/20ukraine-talks-01-hfkw-"
        var article = ArticleFactory.article(1)
        article.thumbnailURL = base + "thumbLarge.jpg"
        article.photo = ArticlePhoto(
            crops: [
                PhotoCrop(url: base + "superJumbo.jpg", width: 2048, height: 1365),
                PhotoCrop(url: base + "threeByTwoSmallAt2X.jpg", width: 600, height: 400),
                PhotoCrop(url: base + "thumbLarge.jpg", width: 150, height: 150),
                PhotoCrop(url: "https://static01.nyt.com/images/2026/11/19/other.jpg", width: 9, height: 9),
                PhotoCrop(url: base.replacing("ukraine", with: "ukrainé") + "x é\u{301}.jpg", width: 8, height: 8),
            ], caption: "c", credit: "d")
        try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(try store.entry(for: article.id)?.article == article)
        let stored: String? = try store.writer.read { db in
            try String.fetchOne(db, sql: "SELECT nyttext(photo) FROM article WHERE nyttext(uri) = ?", arguments: [article.id.rawValue])
        }
        let lines = stored?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 7)
        #expect(lines.dropFirst(2).first == "2048 1365 \t102 superJumbo.jpg")
        #expect(lines.dropFirst(3).first == "600 400 \t104 reeByTwoSmallAt2X.jpg")
        #expect(lines.dropFirst(4).first == "150 150 =")
        #expect(lines.dropFirst(5).first == "9 9 \t40 19/other.jpg")
        #expect((stored?.utf8.count ?? .max) < 200, "against 480 bytes with each crop's path")
        let again = try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(again.updated == 0)
    }

    @Test("A crop stored after a thumbnail the row lacks, or after more of it than it has, is no crop")
    func cropsAfterAMissingThumbnail() {
        let text = "c\nd\n1 1 \t5 b.jpg\n2 2 \t99 c.jpg\n3 3 \tx d.jpg\n4 4 \t2"
        #expect(PhotoColumn.photo(from: text, thumbnailURL: nil) == nil)
        #expect(PhotoColumn.photo(from: text, thumbnailURL: "https://a")?.crops == [PhotoCrop(url: "httpsb.jpg", width: 1, height: 1)])
    }

    @Test("A cache written before keeps whole image addresses, read as they are and not rewritten by the same refresh")
    func wholeAddressesOfBefore() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        var article = ArticleFactory.article(1)
        article.thumbnailURL = "https://static01.nyt.com/images/t.jpg"
        try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        try store.writer.write { db in
            try db.execute(sql: "UPDATE article SET thumbnailURL = 'https://static01.nyt.com/images/t.jpg'")
        }
        #expect(try store.entry(for: article.id)?.article.thumbnailURL == "https://static01.nyt.com/images/t.jpg")
        let again = try store.apply(FeedSnapshot(feed: world, articles: [article], fetchedDate: Date()), origin: .network)
        #expect(again.updated == 0)
    }

    @Test("A refresh set aside in batches keeps the photo")
    func staged() throws {
        var article = ArticleFactory.article(3)
        article.photo = Self.photo
        #expect(try StagedBatch.decode(StagedBatch.encode([article])) == [StoredArticle(article)])
    }

    @Test("An archived article keeps no photo")
    func archived() {
        var article = ArticleFactory.article(3)
        article.photo = Self.photo
        #expect(ArchivedText.kept(of: article).photo == nil)
    }
}
