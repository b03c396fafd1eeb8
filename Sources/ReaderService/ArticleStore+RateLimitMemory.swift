import ArticleStore

/// The cache remembers rate-limit windows across runs: a second run inside a window does not call the NYT.
extension ArticleStore: RateLimitMemory {}
