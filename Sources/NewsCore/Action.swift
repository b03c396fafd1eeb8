/// Everything a person can ask the reader to do. Keys map to actions through a key map;
/// the view-model never sees a key code. The raw value is the action's name in the config
/// file's `[keys]` table (e.g. `browser = "O"`).
public enum Action: String, Hashable, Sendable, CaseIterable {
    case moveUp = "up"
    case moveDown = "down"
    case pageUp = "page_up"
    case pageDown = "page_down"
    case moveToFirst = "first"
    case moveToLast = "last"
    /// Focus the detail (and mark the article read); in the section picker, choose.
    case focusDetail = "open"
    /// Back to the list; closes an overlay, or clears a kept search.
    case focusList = "back"
    case switchPane = "switch_pane"
    case refresh = "refresh"
    /// Refresh every followed feed (`feeds` in the config) in turn.
    case refreshFollowed = "refresh_followed"
    /// Start typing a live search of the cache; in the section picker, filter its entries.
    case search = "search"
    /// Open the prompt that searches the NYT (Article Search).
    case nytSearch = "nyt_search"
    /// Chart the words of the current search over the archive, period by period.
    case trend = "trend"
    case pickSection = "sections"
    case openInBrowser = "browser"
    /// Copy the article's NYT link to the clipboard (through the terminal, OSC 52).
    case copyLink = "copy_link"
    case toggleRead = "toggle_read"
    case toggleSaved = "toggle_saved"
    case showSaved = "saved"
    case nextUnread = "next_unread"
    /// Show only the unread articles of the feed, or all of them again.
    case toggleUnreadOnly = "unread_only"
    case markAllRead = "mark_all_read"
    /// In the section picker: forget the highlighted search.
    case forget = "forget"
    /// The list narrower, the detail wider (`<`).
    case narrowList = "narrow_list"
    /// The list wider, the detail narrower (`>`).
    case widenList = "widen_list"
    /// The list across the whole width, the detail opening over it; again to go back (`z`).
    case zoomList = "zoom_list"
    case help = "help"
    case quit = "quit"

    /// What the action does, in a few words, for the help overlay.
    public var summary: String {
        switch self {
        case .moveUp: return "up (scrolls a focused detail)"
        case .moveDown: return "down (scrolls a focused detail)"
        case .pageUp: return "a page up"
        case .pageDown: return "a page down"
        case .moveToFirst: return "first article"
        case .moveToLast: return "last article"
        case .focusDetail: return "open the detail, mark it read"
        case .focusList: return "back to the list; stops a refresh"
        case .switchPane: return "switch pane"
        case .refresh: return "refresh from the NYT"
        case .refreshFollowed: return "refresh every followed feed"
        case .search: return "search the cache as you type"
        case .nytSearch: return "search the NYT (from: to: sort:)"
        case .trend: return "chart the search in the archive"
        case .pickSection: return "choose a feed (/ filters)"
        case .openInBrowser: return "open in the browser, mark it read"
        case .copyLink: return "copy the link (OSC 52)"
        case .toggleRead: return "mark read / unread"
        case .toggleSaved: return "save / unsave"
        case .showSaved: return "saved articles"
        case .nextUnread: return "open the next unread, mark it read"
        case .toggleUnreadOnly: return "unread articles only / all"
        case .markAllRead: return "mark all in the feed read"
        case .forget: return "in s: forget a search or month"
        case .narrowList: return "narrow the list"
        case .widenList: return "widen the list"
        case .zoomList: return "the list full width (again: back)"
        case .help: return "this help"
        case .quit: return "quit"
        }
    }
}
