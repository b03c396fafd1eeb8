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
    /// When the next automatic try is due after the network failed (auto-refresh), for the status line.
    public var retryDate: Date?
    /// The panel drawn over the panes, when one is open.
    public var overlay: Overlay?
    /// A message about the last thing done, shown in the status line until the next key.
    public var notice: Notice?
    /// A failure to read or write the cache, shown in the status line.
    public var cacheError: StoreError?
    /// Set when the reader should exit.
    public var isFinished = false

    public init(feed: Feed) {
        self.feed = feed
    }

    /// The highlighted article, when it is loaded.
    public var selectedEntry: ArticleEntry? {
        window.entry(at: selection)
    }

    /// Positions of the rows on screen.
    public var visibleRange: Range<Int> {
        top..<min(count, top + listHeight)
    }

    /// The feeds the section picker lists: the fixed ones, then the searches kept in the cache, then the
    /// archive months.
    public var pickerFeeds: [Feed] {
        Self.pickableFeeds + searchFeeds.map(\.feed) + archiveFeeds.map(\.feed)
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
