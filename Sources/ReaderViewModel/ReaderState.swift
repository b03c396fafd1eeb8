import FoundationEssentials
import NewsCore

/// Everything the screen shows, as plain values. The terminal UI draws this and nothing else.
public struct ReaderState: Hashable, Sendable {
    /// The feed on screen.
    public var feed: Feed
    /// What the cache knows of the feed; nil until the first answer.
    public var feedStatus: FeedStatus?
    /// Rows in the list: the feed's articles, or the search's hits while a search is active (0 until loaded).
    public var count: Int = 0
    /// Position of the highlighted article.
    public var selection: Int = 0
    /// Position of the first row the list shows.
    public var top: Int = 0
    /// How many list rows fit on screen.
    public var listHeight: Int = 20
    /// How many detail lines fit on screen: a page when the detail has focus.
    public var detailHeight: Int = 20
    /// How many feeds the section picker shows at once: a page of the picker.
    public var pickerHeight: Int = 20
    /// The articles held in memory around the visible rows (every hit while a search is active).
    public var window = ArticleWindow()
    /// Which pane keys act on.
    public var focus: Pane = .list
    /// First line of the detail shown, when the detail is scrolled.
    public var detailScroll: Int = 0
    /// How far the detail can scroll for the selected article (set by the UI, which knows the pane width).
    public var detailScrollLimit: Int = 0
    public var refresh: RefreshActivity = .idle(blocker: nil)
    /// The live search replacing the list's rows, when one is active.
    public var search: SearchFilter?
    /// The NYT search prompt on the bottom line, while it is open (`f`).
    public var prompt: SearchPrompt?
    /// Asking for the next page of a search feed: drawn as the list's last row unless idle.
    public var morePages: MorePages = .idle
    /// The searches kept in the cache, newest first, as the section picker lists them.
    public var searchFeeds: [FeedStatus] = []
    /// The archive months imported, newest first, as the section picker lists them.
    public var archiveFeeds: [FeedStatus] = []
    /// The feeds the person follows (`feeds` in the config), first in the picker; `R` refreshes them.
    public var followedFeeds: [Feed] = []
    /// Unread and total counts of every cached feed by key (`saved` too), as the picker shows them.
    public var feedCounts: [String: FeedCounts] = [:]
    /// The words typed to filter the picker's entries, while the filter is open (`/` in the picker).
    public var pickerFilter: String?
    /// Which articles of the feed the list shows: all, or the unread ones (`u`) and the selected one.
    public var filter = FeedFilter.all
    /// The followed feeds being refreshed one after another (`R`), while that runs.
    public var followedRefresh: FollowedRefresh?
    /// The feed shown before the saved articles: Esc in Saved goes back to it.
    public var previousFeed: Feed?
    /// When the next automatic try is due after the network failed (auto-refresh), for the status line.
    public var retryDate: Date?
    /// When the rate limit the last refresh of the feed on screen met ends, for the status line to count
    /// down to; nil when it met none.
    public var rateLimitEnds: Date?
    /// The panel drawn over the panes, when one is open.
    public var overlay: Overlay?
    /// A message about the last thing done, shown in the status line until the next key.
    public var notice: Notice?
    /// The article whose web address the detail shows whole, over as many lines as it takes (no browser
    /// could open it: the address is there to copy), instead of on one line cut in the middle.
    public var wholeLinkShown: ArticleID?
    /// A question waiting for `y` or `n`, shown in the status line.
    public var confirmation: Confirmation?
    /// The keys in force, for every hint the screen gives.
    public var keys = KeyHints()
    /// The config file's problems, one line each (also on stderr): the help lists them.
    public var configWarnings: [String] = []
    /// The first line of the help shown, when it is scrolled.
    public var helpScroll: Int = 0
    /// How far the help can scroll at this size, and how many of its lines show (set by the UI, which
    /// lays it out).
    public var helpScrollLimit: Int = 0
    public var helpHeight: Int = 1
    /// The share of the terminal's width the list takes beside the detail, in percent (`<` and `>`).
    public var listWidthPercent: Int = ReaderState.standardListWidth
    /// Whether the list takes the whole width (`z`); the detail then opens over it.
    public var listZoomed = false
    /// A failure to read or write the cache, shown in the status line.
    public var cacheError: StoreError?
    /// Why the last change asked for (a read mark, a saved star, forgetting a feed, marking all read) could
    /// not be written: the screen shows the cache as it is again, and the status line says so until a
    /// change is written.
    public var changeError: StoreError?
    /// The selected article's photo, when pictures are shown and it has one.
    public var photo: PhotoSlot?
    /// Set when the reader should exit.
    public var isFinished = false

    public init(feed: Feed) {
        self.feed = feed
    }

    /// The list's share of the width unless `list_width` says otherwise, and the bounds of both.
    public static let standardListWidth = 40
    public static let listWidthRange = 20...80
    /// How much `<` and `>` change the list's share, in percent.
    public static let listWidthStep = 5

    /// The highlighted article, when it is loaded.
    public var selectedEntry: ArticleEntry? {
        window.entry(at: selection)
    }

    /// Positions of the rows on screen.
    public var visibleRange: Range<Int> {
        top..<min(count, top + listHeight)
    }

    /// Whether a frame of this state shows what a frame of `other` shows: the two are equal but for the
    /// window of entries held, which holds the same entries for the rows on screen and the selection. A
    /// window read ahead of the scrolling changes nothing on screen, and needs no frame of its own.
    public func showsSameScreen(as other: ReaderState) -> Bool {
        guard window != other.window else { return self == other }
        let shown = visibleRange.lazy + [selection]
        guard shown.allSatisfy({ window.entry(at: $0) == other.window.entry(at: $0) }) else { return false }
        var mine = self
        mine.window = other.window
        return mine == other
    }

    /// The section picker's entries: the feeds by group, each group under its heading, narrowed to those
    /// whose title holds the filter's words while it is open.
    public var pickerEntries: [PickerEntry] {
        PickerEntry.entries(
            followed: followedFeeds, searches: searchFeeds.map(\.feed), archive: archiveFeeds.map(\.feed), matching: pickerFilter
        )
    }

    /// The feeds the section picker lists, in order, without the headings.
    public var pickerFeeds: [Feed] {
        pickerEntries.compactMap(\.feed)
    }

    /// The counts the picker shows for `feed`, when the cache holds it.
    public func counts(of feed: Feed) -> FeedCounts? {
        feedCounts[feed.key]
    }

    /// Whether Esc in the list stops a refresh (`ReaderViewModel.stopRefreshes`): one runs (`r`'s, or `R`'s
    /// not stopped yet), and Esc has no kept search to clear and no Saved to leave first.
    public var escapeStopsRefresh: Bool {
        (refresh.isRunning || followedRefresh?.isStopped == false) && search == nil && !(feed == .saved && previousFeed != nil)
    }

    /// Whether the list ends with a row about the next page (loading, waiting, failed).
    public var showsMorePagesRow: Bool {
        morePages != .idle && search?.showsHits != true
    }

    /// Rows the list draws: the articles, and the row about the next page when there is one.
    public var listRowCount: Int {
        count + (showsMorePagesRow ? 1 : 0)
    }

    /// The fixed feeds the section picker offers: every Top Stories section, Most Popular, Latest, Saved.
    public static let pickableFeeds: [Feed] =
        Section.all.map(Feed.topStories)
        + MostPopularKind.allCases.flatMap { kind in MostPopularPeriod.allCases.map { Feed.mostPopular(kind, $0) } }
        + [.latest, .saved]
}
