import Foundation
import NewsCore
import ReaderViewModel
@_spi(Testing) import TerminalUI
import TestSupport
import Testing

/// What the reading loop puts in words on screen: the unread count and the unread-only view in the status
/// line, the followed feeds' refresh under way, and an empty list that is being fetched.
@Suite("The reading loop on screen")
struct ReadingLoopScreenTests {
    static let now = Date(timeIntervalSince1970: 1_763_600_000)
    let renderer = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!)

    static func state(count: Int, unread: Int) -> ReaderState {
        var state = ReaderState(feed: .topStories(.world))
        let entries = (0..<count).map { ArticleEntry(article: ArticleFactory.article($0)) }
        state.feedStatus = FeedStatus(
            feed: state.feed, count: count, unreadCount: unread, lastRefreshedDate: now.addingTimeInterval(-5), origin: .network)
        state.count = entries.count
        state.window = ArticleWindow(start: 0, entries: entries)
        return state
    }

    /// The whole frame of `state`, 100 × 12.
    func lines(_ state: ReaderState) -> [String] {
        let screen = GridScreen(rows: 12, columns: 100)
        renderer.render(state, on: screen, now: Self.now)
        return screen.lines
    }

    @Test("The status line says how many are unread, and that only they are shown; nothing unread says nothing")
    func unreadInTheStatusLine() {
        var state = Self.state(count: 5, unread: 3)
        #expect(lines(state).last?.contains("World · 5 articles · 3 unread · cached") == true, "\(lines(state).last ?? "")")
        state.filter = FeedFilter(unreadOnly: true)
        #expect(lines(state).last?.contains("World · 5 articles · unread only · 3 unread") == true, "\(lines(state).last ?? "")")
        state = Self.state(count: 5, unread: 0)
        #expect(lines(state).last?.contains("unread") == false, "\(lines(state).last ?? "")")
    }

    @Test("The unread count gives way first when the line is full: a standing state stays whole")
    func unreadGivesWay() {
        var state = Self.state(count: 22, unread: 22)
        state.refresh = .idle(blocker: .offlineByRequest)
        let screen = GridScreen(rows: 12, columns: 120)
        renderer.render(state, on: screen, now: Self.now)
        let line = screen.lines[11]
        #expect(line.contains(RefreshFailure.offlineByRequest.message), "\(line)")
        #expect(!line.contains("unread"), "\(line)")
        #expect(screen.lines[0].contains("22 unread"), "the header still has it")
    }

    @Test("R under way: which feed of how many, and the wait for the rate limit")
    func followedProgress() {
        var state = Self.state(count: 5, unread: 3)
        var progress = FollowedRefresh(feeds: [.topStories(.home), .topStories(.world), .latest, .saved, .mostPopular(.viewed, .day)])
        progress.index = 1
        state.followedRefresh = progress
        #expect(lines(state).last?.contains("Refreshing 2 of 5 · World…") == true, "\(lines(state).last ?? "")")
        progress.waitUntil = Self.now.addingTimeInterval(8.2)
        state.followedRefresh = progress
        #expect(lines(state).last?.contains("Refreshing 2 of 5 · World… (waiting 9 s)") == true, "\(lines(state).last ?? "")")
    }

    @Test("An empty feed being fetched says Fetching…; an unread-only list with none left says how to see all")
    func emptyList() {
        var state = Self.state(count: 0, unread: 0)
        state.feedStatus = FeedStatus(feed: state.feed, count: 0)
        #expect(lines(state)[1].contains("No articles in this feed yet"), "\(lines(state)[1])")
        state.refresh = .running(startedDate: Self.now)
        #expect(lines(state)[1].contains("Fetching…"), "\(lines(state)[1])")
        state.refresh = .idle(blocker: nil)
        state.followedRefresh = FollowedRefresh(feeds: [.topStories(.home), .topStories(.world)])
        state.followedRefresh?.index = 1
        #expect(lines(state)[1].contains("Fetching…"), "R reached it: \(lines(state)[1])")

        state = Self.state(count: 0, unread: 0)
        state.feedStatus = FeedStatus(feed: state.feed, count: 4)
        state.filter = FeedFilter(unreadOnly: true)
        #expect(lines(state)[1].contains("No unread articles — u shows all"), "\(lines(state)[1])")
    }
}
