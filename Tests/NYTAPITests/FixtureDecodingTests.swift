import Foundation
import NewsCore
import TestSupport
import Testing

@testable import NYTAPI

@Suite("Decoding the NYT fixtures")
struct FixtureDecodingTests {
    let fetched = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("Top Stories home: 19 articles, the placeholder skipped, golden values of the first")
    func topStoriesHome() throws {
        let snapshot = try NYTClient.decodeTopStories(Fixtures.data("topstories_home.json"), section: .home, fetchedDate: fetched)
        #expect(snapshot.articles.count == 19)
        #expect(snapshot.skippedCount == 1)
        #expect(snapshot.feed == .topStories(.home))
        let first = try #require(snapshot.articles.first)
        #expect(first.id == ArticleID("nyt://article/bdd640fb-0667-4ad1-9c80-317fa3b1799d"))
        #expect(first.title == "Russia and Ukraine Agree to Cease-Fire Framework, but Sticking Points Remain")
        #expect(first.byline == "By Andrew E. Kramer and Marc Santora")
        #expect(first.section == "world")
        #expect(first.subsection == "europe")
        #expect(first.url == "https://www.nytimes.com/2026/11/20/world/europe/russia-ukraine-ceasefire-geneva.html")
        #expect(first.leadParagraph == first.abstract)
        #expect(first.abstract.hasPrefix("Negotiators in Geneva agreed on a framework"))
        // 2026-11-20T05:00:04-05:00
        #expect(first.publishedDate == Date(timeIntervalSince1970: 1_795_168_804))
        #expect(first.thumbnailURL?.hasSuffix("20ukraine-talks-01-hfkw-thumbLarge.jpg") == true)
        #expect(snapshot.articles.allSatisfy { !$0.title.isEmpty && !$0.id.rawValue.isEmpty })
        #expect(Set(snapshot.articles.map(\.id)).count == 19)
    }

    @Test("Top Stories world: 8 articles, multimedia null allowed")
    func topStoriesWorld() throws {
        let snapshot = try NYTClient.decodeTopStories(Fixtures.data("topstories_world.json"), section: .world, fetchedDate: fetched)
        #expect(snapshot.articles.count == 8)
        #expect(snapshot.skippedCount == 0)
        let australia = try #require(snapshot.articles.first { $0.title.hasPrefix("Australia") })
        #expect(australia.thumbnailURL == nil)
        #expect(snapshot.articles.contains { $0.title == "Søren Ibsen-Dahl, 64, Wins Danish Election in Upset" })
    }

    @Test("Without a fetch date, a Top Stories snapshot is dated by last_updated")
    func lastUpdatedDatesSnapshot() throws {
        let snapshot = try NYTClient.decodeTopStories(Fixtures.data("topstories_world.json"), section: .world, fetchedDate: nil)
        let lastUpdated = try #require(NYTDate.parse("2026-11-20T13:02:11-05:00"))
        #expect(snapshot.fetchedDate == lastUpdated)
    }

    @Test("Article Search, pre-2025 shape: meta hits, relative image URLs, lead paragraph fallback")
    func articleSearchOldShape() throws {
        let page = try NYTClient.decodeArticleSearch(Fixtures.data("articlesearch_page0.json"), fetchedDate: fetched)
        #expect(page.articles.count == 10)
        #expect(page.documentCount == 10)
        #expect(page.hits == 2417)
        let first = page.articles[0]
        #expect(first.id == ArticleID("nyt://article/6513270e-269e-4d37-b2a7-4de452e6b438"))
        #expect(first.title == "Russia Launches One of Its Largest Aerial Assaults on Ukraine")
        #expect(first.byline == "By Marc Santora and Constant Méheut")
        #expect(first.leadParagraph.hasPrefix("KYIV, Ukraine — Russia fired more than 100 missiles"))
        #expect(first.publishedDate == Date(timeIntervalSince1970: 1_704_448_800))  // 2024-01-05T10:00:00+0000
        #expect(
            first.thumbnailURL
                == "https://www.nytimes.com/images/2024/01/05/multimedia/05ukraine-strikes-01-fpqm/05ukraine-strikes-01-fpqm-thumbLarge.jpg"
        )
        #expect(first.section == "World")
        // An empty lead paragraph falls back to the abstract.
        let second = page.articles[1]
        #expect(second.leadParagraph == second.abstract)
        #expect(second.leadParagraph.hasPrefix("The bill would require large platforms"))
        // HTML entities are decoded; the kicker comes from the headline.
        let third = page.articles[2]
        #expect(third.title == "AT&T Agrees to $14 Billion Deal for Regional Carrier")
        #expect(third.kicker == "DealBook")
        #expect(!page.articles.contains { $0.title.contains("&amp;") || $0.abstract.contains("&amp;") || $0.abstract.contains("&#") })
    }

    @Test("Article Search, 2025 shape: metadata hits, multimedia object, snippet fallback")
    func articleSearchNewShape() throws {
        let page = try NYTClient.decodeArticleSearch(Fixtures.data("articlesearch_2025shape.json"), fetchedDate: fetched)
        #expect(page.articles.count == 10)
        #expect(page.hits == 1873)
        let first = page.articles[0]
        #expect(first.id == ArticleID("nyt://article/d66887a3-a556-4782-952b-f8818ec8d8bc"))
        #expect(
            first.thumbnailURL
                == "https://static01.nyt.com/images/2026/11/20/multimedia/20ukraine-talks-01-hfkw/20ukraine-talks-01-hfkw-thumbStandard.jpg"
        )
        #expect(first.publishedDate == Date(timeIntervalSince1970: 1_795_168_804))  // 2026-11-20T10:00:04+0000
        let interactive = page.articles[2]
        #expect(interactive.id == ArticleID("nyt://interactive/602ac25b-f929-4a91-9f0a-ea68001d5229"))
        #expect(interactive.abstract.isEmpty)
        #expect(interactive.leadParagraph.hasPrefix("See which federal services are"))
        #expect(interactive.thumbnailURL == nil)  // empty URLs mean no image
        #expect(page.articles[4].thumbnailURL == nil)  // multimedia null
    }

    @Test("Times Newswire: Top Stories-shaped items, multimedia null, \"\" or [], facets as \"\", a placeholder skipped")
    func newswire() throws {
        let snapshot = try NYTClient.decodeLatest(Fixtures.data("newswire_all.json"), fetchedDate: fetched)
        #expect(snapshot.feed == .latest)
        #expect(
            snapshot.articles.map(\.title) == [
                "Senate Clears Stopgap Bill, Sending It to the President\u{2019}s Desk",
                "東京で地震 Tokyo Shaken by a Magnitude 6 Quake",
                "Where the Wildfire Smoke Is Heading Tonight",
            ])
        #expect(snapshot.skippedCount == 1, "the placeholder without uri or title")
        let first = snapshot.articles[0]
        #expect(first.section == "U.S.")
        #expect(first.subsection == "Politics")
        #expect(first.publishedDate == Date(timeIntervalSince1970: 1_795_226_311))  // 2026-11-20T20:58:31-05:00
        #expect(first.thumbnailURL == nil || first.thumbnailURL?.hasSuffix("thumbStandard.jpg") == true)
        #expect(snapshot.articles[1].thumbnailURL == nil)
        #expect(snapshot.articles[2].kicker == "Smoke Map")
        #expect(snapshot.articles[2].itemType == "Interactive")
    }

    @Test("Most Popular: day-only dates, media metadata thumbnails, facets as \"\", media [] and null, entities")
    func mostPopular() throws {
        let list = try NYTClient.decodeMostPopular(Fixtures.data("mostpopular_viewed_1.json"), fetchedDate: fetched)
        #expect(list.articles.count == 4)
        #expect(list.skippedCount == 0)
        #expect(list.fetchedDate == fetched)
        #expect(
            list.articles.map(\.id.rawValue) == [
                "nyt://article/5a1f3c0e-8b2d-4e6f-9a7c-1d2e3f4a5b6c",
                "nyt://article/7c2e9d41-3f5a-4b8c-8d1e-2f3a4b5c6d7e",
                "nyt://interactive/2b4d6f80-1a3c-4e5f-a7b9-c1d2e3f4a5b6",
                "nyt://article/9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b",
            ])
        let first = list.articles[0]
        #expect(first.title == "Senate Passes Stopgap Budget Hours Before Shutdown Deadline")
        #expect(first.byline == "By Carl Hulse and Catie Edmondson")
        #expect(first.section == "U.S.")
        #expect(first.subsection == "Politics")
        #expect(first.itemType == "Article")
        #expect(first.url == "https://www.nytimes.com/2026/11/19/us/politics/senate-budget-vote.html")
        #expect(first.leadParagraph == "The vote sent the measure to the House, where its fate was uncertain.")
        #expect(first.publishedDate == Date(timeIntervalSince1970: 1_795_046_400 + 43_200))  // 2026-11-19, its noon UTC
        #expect(first.updatedDate == Date(timeIntervalSince1970: 1_795_162_442 + 5 * 3_600))  // 2026-11-20 08:14:02 in New York (EST)
        #expect(
            first.thumbnailURL
                == "https://static01.nyt.com/images/2026/11/19/multimedia/19dc-budget-wgkp/19dc-budget-wgkp-thumbStandard.jpg")
        let second = list.articles[1]
        #expect(second.title == "Salt & Time: The Only Turkey Brine You Need")
        #expect(second.abstract == "A dry brine gives crisp skin and juicy meat \u{2014} with less fuss.")
        #expect(second.thumbnailURL == nil)
        let interactive = list.articles[2]
        #expect(interactive.itemType == "Interactive")
        #expect(interactive.byline.isEmpty)
        #expect(interactive.leadParagraph.isEmpty)
        #expect(interactive.thumbnailURL == nil)
        #expect(list.articles[3].title == "東京で強い地震 Strong Earthquake Shakes Tokyo")
        #expect(list.articles[3].thumbnailURL == nil)  // media-metadata that is not an array
    }

    @Test("Gateway faults decode to their message and code")
    func faults() throws {
        let unauthorized = try JSONDecoder().decode(NYTFault.self, from: Fixtures.data("error_401.json"))
        #expect(unauthorized.message == "Invalid ApiKey")
        #expect(unauthorized.code == "oauth.v2.InvalidApiKey")
        let limited = try JSONDecoder().decode(NYTFault.self, from: Fixtures.data("error_429.json"))
        #expect(limited.code == "policies.ratelimit.QuotaViolation")
    }

    @Test("Every fixture file is covered by a decoder")
    func everyFixtureDecodes() throws {
        #expect(Fixtures.names.count == 8)
        for name in Fixtures.names {
            let data = try Fixtures.data(name)
            if name.hasPrefix("topstories_") {
                #expect(try !NYTClient.decodeTopStories(data, section: .home, fetchedDate: fetched).articles.isEmpty, "\(name)")
            } else if name.hasPrefix("articlesearch_") {
                #expect(try !NYTClient.decodeArticleSearch(data, fetchedDate: fetched).articles.isEmpty, "\(name)")
            } else if name.hasPrefix("newswire_") {
                #expect(try !NYTClient.decodeLatest(data, fetchedDate: fetched).articles.isEmpty, "\(name)")
            } else if name.hasPrefix("mostpopular_") {
                #expect(try !NYTClient.decodeMostPopular(data, fetchedDate: fetched).articles.isEmpty, "\(name)")
            } else if name.hasPrefix("error_") {
                #expect(try !JSONDecoder().decode(NYTFault.self, from: data).code.isEmpty, "\(name)")
            } else {
                Issue.record("No decoder for fixture \(name)")
            }
        }
    }

    @Test("A body that is not JSON is a format error")
    func garbage() {
        #expect(throws: APIError.self) {
            try NYTClient.decodeTopStories(Data("<html>502 Bad Gateway</html>".utf8), section: .home, fetchedDate: fetched)
        }
        #expect(throws: APIError.apiStatus("ERROR")) {
            try NYTClient.decodeTopStories(Data(#"{"status":"ERROR","results":[]}"#.utf8), section: .home, fetchedDate: fetched)
        }
    }
}
