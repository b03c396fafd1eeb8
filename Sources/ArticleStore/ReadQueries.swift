/// The SQL of the reads the UI makes often, in one place so tests can check each one's query plan
/// (every one must be answered from an index, never by scanning a table).
enum ReadQueries {
    /// Positions `rank >= ?` and `< ?` of the feed with key `?`, in order.
    static let feedWindow = """
        SELECT \(ArticleColumns.selection) FROM feed f
        JOIN feedItem fi ON fi.feedId = f.id
        JOIN article a ON a.id = fi.articleId
        WHERE f.key = ? AND fi.rank >= ? AND fi.rank < ? ORDER BY fi.rank
        """

    /// Saved articles, most recently saved first: `LIMIT ? OFFSET ?`.
    static let savedWindow = """
        SELECT \(ArticleColumns.selection) FROM article a
        WHERE a.savedAt IS NOT NULL ORDER BY a.savedAt DESC, a.id DESC LIMIT ? OFFSET ?
        """

    /// One article by `uri`.
    static let byURI = "SELECT \(ArticleColumns.selection) FROM article a WHERE \(PackedText.isURI("a", parameter: 1))"

    /// The articles with the web address `?` (the caller takes the first stored), given twice: found by the
    /// key of its text (`article_urlKey`: 16 bytes an article, where an index on the address's last 24
    /// characters took 36 and one on the whole address 121), then compared whole, packed or not.
    static let byURL = """
        SELECT \(ArticleColumns.selection), a.id FROM article a
        WHERE nytkey(nyttext(a.url)) = nytkey(?) AND nyttext(a.url) = ?
        """

    /// The position of the article with `uri = ?` in the feed with key `?`.
    static let feedPosition = """
        SELECT fi.rank FROM feed f
        JOIN feedItem fi ON fi.feedId = f.id
        JOIN article a ON a.id = fi.articleId
        WHERE f.key = ? AND \(PackedText.isURI("a", parameter: 2))
        """

    /// The position of the saved article with `uri = ?` among saved articles.
    static let savedPosition = """
        SELECT (SELECT COUNT(*) FROM article o
                WHERE o.savedAt > a.savedAt OR (o.savedAt = a.savedAt AND o.id > a.id))
        FROM article a WHERE \(PackedText.isURI("a", parameter: 1)) AND a.savedAt IS NOT NULL
        """

    /// The first unread position after `rank > ?` in the feed with key `?`.
    static let nextUnread = """
        SELECT fi.rank FROM feed f
        JOIN feedItem fi ON fi.feedId = f.id
        JOIN article a ON a.id = fi.articleId
        WHERE f.key = ? AND fi.rank > ? AND a.readAt IS NULL
        ORDER BY fi.rank LIMIT 1
        """

    /// Count, last refresh, origin, last error, matches, pages and unread count of the feed with key `?`.
    static let feedStatus = """
        SELECT articleCount, lastRefreshedAt, origin, lastError, totalHits, pageCount, unreadCount FROM feed WHERE key = ?
        """

    /// The unread articles of the feed with key `?`, and the one with `uri = ?` read or not, in order:
    /// `LIMIT ? OFFSET ?`.
    static let feedUnreadWindow = """
        SELECT \(ArticleColumns.selection) FROM feed f
        JOIN feedItem fi ON fi.feedId = f.id
        JOIN article a ON a.id = fi.articleId
        WHERE f.key = ? AND (a.readAt IS NULL OR \(PackedText.isURI("a", parameter: 2))) ORDER BY fi.rank LIMIT ? OFFSET ?
        """

    /// How many unread articles of the feed with key `?`, or the one with `uri = ?`, rank before `?`.
    static let feedUnreadBefore = """
        SELECT COUNT(*) FROM feed f
        JOIN feedItem fi ON fi.feedId = f.id
        JOIN article a ON a.id = fi.articleId
        WHERE f.key = ? AND (a.readAt IS NULL OR \(PackedText.isURI("a", parameter: 2))) AND fi.rank < ?
        """

    /// The rank and whether it is read of the article with `uri = ?` in the feed with key `?`.
    static let feedRankAndRead = """
        SELECT fi.rank, a.readAt IS NOT NULL FROM feed f
        JOIN feedItem fi ON fi.feedId = f.id
        JOIN article a ON a.id = fi.articleId
        WHERE f.key = ? AND \(PackedText.isURI("a", parameter: 2))
        """

    /// Unread saved articles, and the saved one with `uri = ?` read or not, most recently saved first:
    /// `LIMIT ? OFFSET ?`.
    static let savedUnreadWindow = """
        SELECT \(ArticleColumns.selection) FROM article a
        WHERE a.savedAt IS NOT NULL AND (a.readAt IS NULL OR \(PackedText.isURI("a", parameter: 1)))
        ORDER BY a.savedAt DESC, a.id DESC LIMIT ? OFFSET ?
        """

    /// The position of the saved article with `uri = ?` among unread saved articles and the one with `uri = ?`.
    static let savedUnreadPosition = """
        SELECT (SELECT COUNT(*) FROM article o
                WHERE o.savedAt IS NOT NULL AND (o.readAt IS NULL OR \(PackedText.isURI("o", parameter: 1)))
                  AND (o.savedAt > a.savedAt OR (o.savedAt = a.savedAt AND o.id > a.id)))
        FROM article a WHERE \(PackedText.isURI("a", parameter: 2)) AND a.savedAt IS NOT NULL
          AND (a.readAt IS NULL OR \(PackedText.isURI("a", parameter: 3)))
        """

    /// The unread count of the feed with key `?`.
    static let feedUnreadCount = "SELECT unreadCount FROM feed WHERE key = ?"

    /// How many articles are saved.
    static let savedCount = "SELECT COUNT(*) FROM article WHERE savedAt IS NOT NULL"

    /// How many saved articles are unread.
    static let savedUnreadCount = "SELECT COUNT(*) FROM article WHERE savedAt IS NOT NULL AND readAt IS NULL"

    /// Every statement above by name, for the query-plan test.
    static let all: [(name: String, sql: String)] = [
        ("feedWindow", feedWindow), ("savedWindow", savedWindow), ("byURI", byURI), ("byURL", byURL),
        ("feedPosition", feedPosition), ("savedPosition", savedPosition), ("nextUnread", nextUnread),
        ("feedStatus", feedStatus), ("feedUnreadCount", feedUnreadCount), ("savedCount", savedCount),
        ("savedUnreadCount", savedUnreadCount), ("feedUnreadWindow", feedUnreadWindow), ("feedUnreadBefore", feedUnreadBefore),
        ("feedRankAndRead", feedRankAndRead), ("savedUnreadWindow", savedUnreadWindow), ("savedUnreadPosition", savedUnreadPosition),
    ]
}
