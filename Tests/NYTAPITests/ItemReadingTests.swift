import Foundation
import NewsCore
import TestSupport
import Testing

@testable import NYTAPI

/// Top Stories, Newswire and Most Popular items are read by code of their own (`JSONReadable`): each field
/// with the leniency the Codable models had.
@Suite("Reading Top Stories and Most Popular items")
struct ItemReadingTests {
    let fetched = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("Escaped and repeated names, mistyped fields and crops: as JSONDecoder reads them, leniently")
    func topStoriesLeniency() throws {
        let body = Data(
            #"""
            {"status":"OK","results":[
              {"ur\u0069":"nyt://article/1","title":"First","title":"Second","abstract":null,"byline":7,
               "item_type":"Article","published_date":"2024-05-01T05:00:03-04:00","kicker":["k"],
               "multimedia":[{"url":"https://static01.nyt.com/a.jpg","format":"Large Thumbnail","width":1e2,
                 "height":6.7e1,"type":"image","caption":"C","copyright":"R","width":9},3,null]},
              {"uri":"nyt://article/3","title":"Third","multimedia":{"url":"https://static01.nyt.com/b.jpg"}},
              [1],"item"]}
            """#.utf8)
        let snapshot = try NYTClient.decodeTopStories(body, section: .world, fetchedDate: fetched)
        #expect(snapshot.articles.map(\.title) == ["First", "Third"])
        #expect(snapshot.skippedCount == 2, "an array and a string are no items")
        let first = snapshot.articles[0]
        #expect(first.id.rawValue == "nyt://article/1")
        #expect(first.abstract == "" && first.byline == "" && first.kicker == "")
        #expect(first.itemType == "Article")
        #expect(first.publishedDate == Date(timeIntervalSince1970: 1_714_554_003))
        #expect(first.thumbnailURL == "https://static01.nyt.com/a.jpg")
        #expect(first.photo?.crops == [PhotoCrop(url: "https://static01.nyt.com/a.jpg", width: 100, height: 67)])
        #expect(first.photo?.caption == "C" && first.photo?.credit == "R")
        #expect(snapshot.articles[1].photo == nil && snapshot.articles[1].thumbnailURL == nil, "multimedia not a list")
        #expect(snapshot.articles[1].publishedDate == fetched, "undated: the fetch date")
    }

    @Test("Most Popular: media entries that are no objects are passed over; the first image's crops and credit")
    func mostPopularLeniency() throws {
        let body = Data(
            #"""
            {"status":"OK","results":[
              {"uri":"nyt://article/9","title":"Popular","published_date":"2026-11-19","updated":"2026-11-20 08:14:02",
               "media":[7,{"type":"video","media-metadata":[{"url":"https://static01.nyt.com/v.jpg","format":"Standard Thumbnail"}]},
                 {"type":"image","caption":"Cap","copyright":"Cred","media-metadata":[null,
                   {"url":"https://static01.nyt.com/p.jpg","format":"Standard Thumbnail","width":75,"height":75}]}]}]}
            """#.utf8)
        let list = try NYTClient.decodeMostPopular(body, fetchedDate: fetched)
        let article = try #require(list.articles.first)
        #expect(article.thumbnailURL == "https://static01.nyt.com/v.jpg", "the thumbnail of any media, as before")
        #expect(article.photo?.crops == [PhotoCrop(url: "https://static01.nyt.com/p.jpg", width: 75, height: 75)])
        #expect(article.photo?.caption == "Cap" && article.photo?.credit == "Cred")
    }
}
