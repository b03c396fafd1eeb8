import ArticleStore
import Foundation
import NewsCore
import TestSupport
import Testing

@Suite("Read and saved state")
struct ReadSavedStateTests {
    let world = Feed.topStories(.world)
    let home = Feed.topStories(.home)

    @Test("Mark read and unread, save and unsave")
    func markAndSave() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<3), origin: .network)
        let id = ArticleFactory.article(1).id
        let date = Date(timeIntervalSince1970: 1_763_600_700)
        try store.setRead(id, at: date)
        #expect(try store.entry(for: id)?.readDate == date)
        try store.setRead(id, at: nil)
        #expect(try store.entry(for: id)?.isRead == false)
        try store.setSaved(id, at: date)
        #expect(try store.entry(for: id)?.savedDate == date)
        #expect(try store.status(of: .saved).count == 1)
        try store.setSaved(id, at: nil)
        #expect(try store.entry(for: id)?.isSaved == false)
        #expect(try store.entries(in: .saved, range: 0..<5).isEmpty)
        // An article not in the cache (another process pruned or forgot it) is refused, and nothing changes:
        // the reader then says the change was not saved.
        for mark in [
            { try store.setRead(ArticleID("nyt://article/unknown"), at: date) },
            { try store.setSaved(ArticleID("nyt://article/unknown"), at: date) },
        ] {
            #expect(throws: StoreError.self) { try mark() }
            do { try mark() } catch let error as StoreError { #expect(error.code == .articleGone) }
        }
        #expect(try store.unreadCount(in: world) == 3)
    }

    @Test("Saved articles read back newest saved first, by window and position")
    func savedOrder() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<5), origin: .network)
        for (offset, index) in [3, 0, 4].enumerated() {
            try store.setSaved(ArticleFactory.article(index).id, at: Date(timeIntervalSince1970: 1_763_600_000 + Double(offset)))
        }
        #expect(try store.entries(in: .saved, range: 0..<10).map(\.article.title) == ["Article 4", "Article 0", "Article 3"])
        #expect(try store.entries(in: .saved, range: 1..<2).map(\.article.title) == ["Article 0"])
        #expect(try store.position(of: ArticleFactory.article(3).id, in: .saved) == 2)
        #expect(try store.position(of: ArticleFactory.article(1).id, in: .saved) == nil)
        try store.setRead(ArticleFactory.article(0).id, at: Date())
        #expect(try store.unreadCount(in: .saved) == 2)
    }

    @Test("Unread counts per feed follow reads, shared articles, refreshes and mark-all-read")
    func unreadCounts() throws {
        let store = try ArticleStore(inMemoryWith: .standard)
        try store.apply(ArticleFactory.snapshot(world, 0..<5), origin: .network)
        try store.apply(ArticleFactory.snapshot(home, [3, 4, 10]), origin: .network)
        #expect(try store.unreadCounts() == ["top:world": 5, "top:home": 3])

        let shared = ArticleFactory.article(3).id
        try store.setRead(shared, at: Date())
        try store.setRead(shared, at: Date())  // read again: counted once
        #expect(try store.unreadCounts() == ["top:world": 4, "top:home": 2])
        try store.setRead(shared, at: nil)
        #expect(try store.unreadCounts() == ["top:world": 5, "top:home": 3])

        try store.setRead(ArticleFactory.article(0).id, at: Date())
        try store.setRead(ArticleFactory.article(4).id, at: Date())
        // A refresh counts what it lists: 0 and 4 are read, 6 is new.
        try store.apply(ArticleFactory.snapshot(world, [0, 4, 6]), origin: .network)
        #expect(try store.unreadCount(in: world) == 1)

        // Shown before a refresh changed it, the feed is not marked: articles nobody saw stay unread.
        let shownWorld = try store.status(of: world)
        try store.apply(
            ArticleFactory.snapshot(world, [0, 4, 6, 7], fetched: Date(timeIntervalSince1970: 1_763_600_060)), origin: .network)
        #expect(try store.markAllRead(in: world, at: Date(), asShown: shownWorld) == nil)
        #expect(try store.unreadCount(in: world) == 2)
        #expect(try store.markAllRead(in: world, at: Date(), asShown: try store.status(of: world)) == 2, "as shown now")
        try store.apply(ArticleFactory.snapshot(world, [0, 4, 6]), origin: .network)
        try store.setRead(ArticleFactory.article(6).id, at: nil)

        #expect(try store.markAllRead(in: home, at: Date()) == 2)
        #expect(try store.unreadCounts() == ["top:world": 1, "top:home": 0])
        #expect(try store.firstUnreadPosition(in: home, after: 0) == nil)
        #expect(try store.firstUnreadPosition(in: world, after: 2) == 2)
        #expect(try store.unreadCount(in: .topStories(Section(rawValue: "arts"))) == 0)

        // Marking the saved articles read lowers the counts of the feeds listing them.
        try store.setSaved(ArticleFactory.article(6).id, at: Date())
        #expect(try store.markAllRead(in: .saved, at: Date()) == 1)
        #expect(try store.unreadCounts() == ["top:world": 0, "top:home": 0])
    }
}
