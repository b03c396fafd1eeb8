/// What kind of list a feed is, stored in the cache beside the feed's key. The raw values are that stored
/// text: caches written by every earlier version hold them, so they never change.
public enum FeedKind: String, Hashable, Sendable, CaseIterable {
    case topStories = "top"
    case search = "search"
    case saved = "saved"
    case mostPopular = "popular"
    case latest = "latest"
    case archive = "archive"
}
