import Foundation
import NewsCore
import TestSupport
import Testing

@testable import ArticleStore

/// One article sent again by another NYT API, each with its own part of it (`ArticleMerge`).
@Suite("One article from several APIs")
struct ArticleMergeTests {
    let world = Feed.topStories(.world)
    let popular = Feed.mostPopular(.viewed, .week)
    let fetched = Date(timeIntervalSince1970: 1_763_603_000)

    /// Article 0 as Top Stories sends it: a precise time of publication and of update, an abstract (its
    /// lead), a slug for its section, a thumbnail and a photo.
    var topStory: Article {
        var article = ArticleFactory.article(0, title: "Geneva talks: new headline")
        article.abstract = "A long abstract of the talks in Geneva, with what each side asked for."
        article.leadParagraph = article.abstract
        article.section = "nyregion"
        article.publishedDate = Date(timeIntervalSince1970: 1_763_598_600)  // 00:30 UTC
        article.updatedDate = Date(timeIntervalSince1970: 1_763_602_000)
        article.thumbnailURL = "https://static01.nyt.com/images/2026/11/20/a/a-thumbStandard.jpg"
        article.photo = ArticlePhoto(crops: [
            PhotoCrop(url: "https://static01.nyt.com/images/2026/11/20/a/a-superJumbo.jpg", width: 2048, height: 1365)
        ])
        return article
    }

    /// Article 0 as Article Search sends it: no time of update, an empty abstract beside a snippet, no
    /// photo, the section's name, and an older headline (its index lags).
    var searchDoc: Article {
        var article = topStory
        article.title = "Geneva talks: old headline"
        article.abstract = ""
        article.leadParagraph = "A snippet of the talks."
        article.section = "New York"
        article.updatedDate = nil
        article.thumbnailURL = nil
        article.photo = nil
        return article
    }

    func store(holding article: Article, in feed: Feed) throws -> ArticleStore {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(FeedSnapshot(feed: feed, articles: [article], fetchedDate: fetched), origin: .network)
        return store
    }

    func apply(_ article: Article, to feed: Feed, in store: ArticleStore) throws -> RefreshChanges {
        try store.apply(FeedSnapshot(feed: feed, articles: [article], fetchedDate: fetched.addingTimeInterval(60)), origin: .network)
    }

    @Test(
        "An answer without a time of update (Article Search) takes nothing from a cached revision that has one: not its text, headline, photo or time"
    )
    func searchDocKeepsTopStory() throws {
        let store = try store(holding: topStory, in: world)
        let changes = try apply(searchDoc, to: .search(SearchQuery(text: "talks")), in: store)
        #expect(changes.updated == 0)
        let cached = try #require(try store.entry(for: topStory.id)).article
        #expect(cached == topStory)
    }

    @Test(
        "An empty abstract or no photo in a newer revision (of an API that may leave them out) keeps the cached ones; its headline is taken, not a snippet standing in for its abstract"
    )
    func newerRevisionKeepsWhatItLacks() throws {
        let store = try store(holding: topStory, in: world)
        var newer = searchDoc
        newer.title = "Geneva talks: newest headline"
        newer.updatedDate = Date(timeIntervalSince1970: 1_763_602_500)
        let changes = try apply(newer, to: popular, in: store)
        #expect(changes.updated == 1)
        let cached = try #require(try store.entry(for: topStory.id)).article
        #expect(cached.title == "Geneva talks: newest headline")
        #expect(cached.abstract == topStory.abstract)
        #expect(cached.leadParagraph == topStory.abstract)
        #expect(cached.photo == topStory.photo && cached.thumbnailURL == topStory.thumbnailURL)
        #expect(cached.updatedDate == newer.updatedDate)
        #expect(cached.section == "nyregion", "New York and nyregion are shown alike: the cached name stays")
    }

    @Test(
        "The same revision from Most Popular (a day alone, the section's name, photos of its own) changes nothing and is not counted as updated"
    )
    func sameRevisionFromMostPopular() throws {
        let store = try store(holding: topStory, in: world)
        var item = topStory
        item.section = "New York"
        item.publishedDate = Date(timeIntervalSince1970: 1_763_596_800 + 43_200)  // the day alone: its noon UTC
        item.photo = ArticlePhoto(crops: [
            PhotoCrop(url: "https://static01.nyt.com/images/2026/11/20/a/a-mediumThreeByTwo440.jpg", width: 440, height: 293)
        ])
        #expect(try apply(item, to: popular, in: store).updated == 0)
        #expect(try store.entry(for: topStory.id)?.article == topStory)
        // Refreshed in turn, nothing is counted as updated either way.
        #expect(try apply(topStory, to: world, in: store).updated == 0)
        #expect(try apply(searchDoc, to: .search(SearchQuery(text: "talks")), in: store).updated == 0)
        #expect(try apply(item, to: popular, in: store).updated == 0)
    }

    @Test("A day alone never replaces a precise time of publication; a precise time replaces a day alone")
    func dayAloneAndPreciseTime() throws {
        var dayAlone = topStory
        dayAlone.publishedDate = Date(timeIntervalSince1970: 1_763_596_800 + 43_200)
        dayAlone.updatedDate = Date(timeIntervalSince1970: 1_763_603_000)
        let store = try store(holding: topStory, in: world)
        #expect(try apply(dayAlone, to: popular, in: store).updated == 1)
        #expect(try store.entry(for: topStory.id)?.article.publishedDate == topStory.publishedDate)

        let other = try self.store(holding: dayAlone, in: popular)
        var precise = topStory
        precise.updatedDate = Date(timeIntervalSince1970: 1_763_603_500)
        #expect(try apply(precise, to: world, in: other).updated == 1)
        #expect(try other.entry(for: topStory.id)?.article.publishedDate == topStory.publishedDate)
    }

    @Test("Two answers without a time of update: the later one's text wins, what it lacks is kept")
    func laterUndatedAnswerWins() throws {
        let store = try store(holding: searchDoc, in: .search(SearchQuery(text: "talks")))
        var later = searchDoc
        later.title = "Geneva talks: corrected headline"
        later.leadParagraph = ""
        #expect(try apply(later, to: .search(SearchQuery(text: "geneva")), in: store).updated == 1)
        let cached = try #require(try store.entry(for: topStory.id)).article
        #expect(cached.title == "Geneva talks: corrected headline")
        #expect(cached.leadParagraph == "A snippet of the talks.")
    }

    @Test(
        "Article Search's lead paragraph stays when a revision without a lead of its own (Top Stories) wins, and is added to one cached without"
    )
    func searchLeadKept() throws {
        var searched = searchDoc
        searched.abstract = "The search abstract."
        searched.leadParagraph = "The article's first paragraph."
        let store = try store(holding: searched, in: .search(SearchQuery(text: "talks")))
        #expect(try apply(topStory, to: world, in: store).updated == 1)
        let cached = try #require(try store.entry(for: topStory.id)).article
        #expect(cached.title == topStory.title && cached.abstract == topStory.abstract)
        #expect(cached.leadParagraph == "The article's first paragraph.")

        // A newer dated revision without a lead may correct it in its abstract: the lead gives way.
        var corrected = topStory
        corrected.abstract = "Correction: the talks were in Lausanne."
        corrected.leadParagraph = corrected.abstract
        corrected.updatedDate = Date(timeIntervalSince1970: 1_763_602_600)
        #expect(try apply(corrected, to: world, in: store).updated == 1)
        #expect(try store.entry(for: topStory.id)?.article.leadParagraph == "Correction: the talks were in Lausanne.")
    }

    @Test(
        "An answer without a time of update wins over a dated revision more than a day older than the fetch: Article Search's index has caught up"
    )
    func undatedAnswerAfterADay() throws {
        let store = try store(holding: topStory, in: world)
        var later = searchDoc
        later.title = "Geneva talks: corrected later"
        let dayAfter = try #require(topStory.updatedDate).addingTimeInterval(86_400 + 600)
        let changes = try store.apply(
            FeedSnapshot(feed: .search(SearchQuery(text: "talks")), articles: [later], fetchedDate: dayAfter), origin: .network)
        #expect(changes.updated == 1)
        let cached = try #require(try store.entry(for: topStory.id)).article
        #expect(cached.title == "Geneva talks: corrected later")
        #expect(cached.abstract == topStory.abstract && cached.photo == topStory.photo, "what it lacks is kept")
        #expect(cached.leadParagraph == topStory.abstract, "not its snippet")
    }

    @Test(
        "A newer Top Stories revision takes off a kicker, a subsection or a photo it leaves out; Most Popular, which sends none of the first, does not"
    )
    func newerTopStoryRemoves() throws {
        var withKicker = topStory
        withKicker.kicker = "Live Updates"
        withKicker.subsection = "europe"
        let store = try store(holding: withKicker, in: world)
        var popularItem = withKicker
        popularItem.kicker = ""
        popularItem.updatedDate = Date(timeIntervalSince1970: 1_763_602_300)
        popularItem.title = "Geneva talks: popular headline"
        #expect(try apply(popularItem, to: popular, in: store).updated == 1)
        #expect(try store.entry(for: topStory.id)?.article.kicker == "Live Updates")
        var newer = withKicker
        newer.kicker = ""
        newer.subsection = ""
        newer.thumbnailURL = nil
        newer.photo = nil
        newer.updatedDate = Date(timeIntervalSince1970: 1_763_602_600)
        #expect(try apply(newer, to: world, in: store).updated == 1)
        let cached = try #require(try store.entry(for: topStory.id)).article
        #expect(cached.kicker.isEmpty && cached.subsection.isEmpty && cached.photo == nil && cached.thumbnailURL == nil)
    }

    @Test("Most Popular's section name New York is shown as Top Stories' nyregion")
    func newYorkSection() {
        #expect(Section.displayName(forArticleSection: "New York") == Section.displayName(forArticleSection: "nyregion"))
    }
}
