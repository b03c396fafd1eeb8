import Foundation
import NewsCore
import ReaderViewModel
import Testing

@_spi(Testing) @testable import TerminalUI

/// At widths too narrow for the whole status, what is happening wins over how old the cache is.
@Suite("The status line in a narrow terminal")
struct NarrowStatusTests {
    static let now = Date(timeIntervalSince1970: 1_763_600_000)

    static func statusLine(_ refresh: RefreshActivity, columns: Int) -> String {
        var state = ReaderState(feed: .topStories(.world))
        state.count = 37
        state.feedStatus = FeedStatus(feed: state.feed, count: 37, lastRefreshedDate: now.addingTimeInterval(-10_800), origin: .network)
        state.refresh = refresh
        let screen = GridScreen(rows: 8, columns: columns)
        FrameRenderer().render(state, on: screen, now: now)
        return screen.lines[7]
    }

    @Test("Refreshing…, Refreshed and failures stay whole at 40 to 71 columns; the age is left out", arguments: [40, 50, 60, 71])
    func activityWins(columns: Int) {
        let running = Self.statusLine(.running(startedDate: Self.now), columns: columns)
        #expect(running.contains("Refreshing…"), "\(running)")
        let done = Self.statusLine(.succeeded(RefreshChanges(total: 37, inserted: 5, updated: 2, removed: 0)), columns: columns)
        #expect(done.contains("Refreshed: 5 new, 2 updated"), "\(done)")
        #expect(!done.contains("cached 3 h ago"))
        let failed = Self.statusLine(.failed(.server(status: 503)), columns: columns)
        #expect(failed.contains("NYT server error 503"), "\(failed)")
    }

    @Test("With room for everything the age stays")
    func wide() {
        let line = Self.statusLine(.succeeded(RefreshChanges(total: 37, inserted: 5, updated: 2, removed: 0)), columns: 120)
        #expect(line.contains("cached 3 h ago · Refreshed: 5 new, 2 updated"), "\(line)")
    }
}
