import Foundation
import NewsCore
import TestSupport
import Testing

@testable import NYTAPI

@Suite("The lead photo of each NYT shape")
struct PhotoDecodingTests {
    let fetched = Date(timeIntervalSince1970: 1_800_000_000)
    let ukraine = "https://static01.nyt.com/images/2026/11/20/multimedia/20ukraine-talks-01-hfkw/20ukraine-talks-01-hfkw-"

    @Test("Top Stories: every crop with its size, the caption and the copyright as credit")
    func topStories() throws {
        let snapshot = try NYTClient.decodeTopStories(Fixtures.data("topstories_home.json"), section: .home, fetchedDate: fetched)
        let photo = try #require(snapshot.articles[0].photo)
        #expect(
            photo.crops == [
                PhotoCrop(url: ukraine + "superJumbo.jpg", width: 2048, height: 1365),
                PhotoCrop(url: ukraine + "threeByTwoSmallAt2X.jpg", width: 600, height: 400),
                PhotoCrop(url: ukraine + "thumbLarge.jpg", width: 150, height: 150),
            ])
        #expect(photo.caption == "Delegations at the talks in Geneva on Thursday.")
        #expect(photo.credit == "Fabrice Coffrini/Agence France-Presse \u{2014} Getty Images")
        #expect(
            photo.captionLine
                == "Delegations at the talks in Geneva on Thursday. · Fabrice Coffrini/Agence France-Presse \u{2014} Getty Images")
        let world = try NYTClient.decodeTopStories(Fixtures.data("topstories_world.json"), section: .world, fetchedDate: fetched)
        #expect(try #require(world.articles.first { $0.title.hasPrefix("Australia") }).photo == nil, "multimedia null")
    }

    @Test("Article Search 2025: the default and thumbnail images with their sizes, caption and credit")
    func articleSearchCurrent() throws {
        let page = try NYTClient.decodeArticleSearch(Fixtures.data("articlesearch_2025shape.json"), fetchedDate: fetched)
        let photo = try #require(page.articles[0].photo)
        #expect(
            photo.crops == [
                PhotoCrop(url: ukraine + "articleLarge.jpg", width: 600, height: 400),
                PhotoCrop(url: ukraine + "thumbStandard.jpg", width: 75, height: 75),
            ])
        #expect(photo.caption == "Delegations at the talks in Geneva on Thursday.")
        #expect(photo.credit.hasPrefix("Fabrice Coffrini"))
        #expect(page.articles[2].photo == nil, "empty URLs mean no image")
        #expect(page.articles[4].photo == nil, "multimedia null")
    }

    @Test("Article Search before 2025: relative addresses on the NYT's image host, sizes kept")
    func articleSearchLegacy() throws {
        let page = try NYTClient.decodeArticleSearch(Fixtures.data("articlesearch_page0.json"), fetchedDate: fetched)
        let photo = try #require(page.articles[0].photo)
        let base = "https://static01.nyt.com/images/2024/01/05/multimedia/05ukraine-strikes-01-fpqm/05ukraine-strikes-01-fpqm-"
        #expect(photo.crops.first == PhotoCrop(url: base + "articleLarge.jpg", width: 600, height: 400))
        #expect(photo.crops.contains(PhotoCrop(url: base + "superJumbo.jpg", width: 2048, height: 1365)))
        #expect(photo.caption.isEmpty && photo.credit.isEmpty, "null caption and credit")
    }

    @Test("Most Popular: the crops of media-metadata, the caption and copyright of the media")
    func mostPopular() throws {
        let list = try NYTClient.decodeMostPopular(Fixtures.data("mostpopular_viewed_1.json"), fetchedDate: fetched)
        let photo = try #require(list.articles[0].photo)
        let base = "https://static01.nyt.com/images/2026/11/19/multimedia/19dc-budget-wgkp/19dc-budget-wgkp-"
        #expect(
            photo.crops == [
                PhotoCrop(url: base + "thumbStandard.jpg", width: 75, height: 75),
                PhotoCrop(url: base + "mediumThreeByTwo210.jpg", width: 210, height: 140),
            ])
        #expect(photo.caption == "Senators leaving the chamber after the vote on Wednesday night.")
        #expect(photo.credit == "Kenny Holston/The New York Times")
        #expect(list.articles[1].photo == nil)
    }

    @Test("A crop without a size or address, a video, a control in an address: left out; caption text cleaned")
    func unusableCrops() throws {
        let json = """
            {"status":"OK","section":"home","results":[{"uri":"nyt://article/1","url":"https://www.nytimes.com/a.html",
            "title":"T","multimedia":[
              {"url":"https://static01.nyt.com/v.mp4","format":"video","width":600,"height":400,"type":"video"},
              {"url":"https://static01.nyt.com/a.jpg","format":"x","type":"image"},
              {"url":"https://static01.nyt.com/b\\u001b.jpg","format":"x","width":600,"height":400,"type":"image"},
              {"url":"","format":"x","width":600,"height":400},
              {"url":"https://static01.nyt.com/c.jpg","format":"x","width":"600","height":400},
              {"url":"https://static01.nyt.com/d.jpg","format":"x","width":300,"height":200,"type":"image",
               "caption":"A \\u001b[31mred\\u001b[0m &amp; caption","copyright":"Someone"}
            ]}]}
            """
        let snapshot = try NYTClient.decodeTopStories(Data(json.utf8), section: .home, fetchedDate: fetched)
        let photo = try #require(snapshot.articles.first?.photo)
        #expect(photo.crops == [PhotoCrop(url: "https://static01.nyt.com/d.jpg", width: 300, height: 200)])
        #expect(photo.caption == "A red & caption")
        #expect(photo.credit == "Someone")
    }

    @Test("The crop for a size: the smallest that covers it, else the largest")
    func cropChoice() throws {
        let snapshot = try NYTClient.decodeTopStories(Fixtures.data("topstories_home.json"), section: .home, fetchedDate: fetched)
        let photo = try #require(snapshot.articles[0].photo)
        #expect(photo.crop(covering: 480, 240).width == 600)
        #expect(photo.crop(covering: 100, 100).width == 150)
        #expect(photo.crop(covering: 1200, 500).width == 2048)
        #expect(photo.crop(covering: 5000, 100).width == 2048)
    }
}
